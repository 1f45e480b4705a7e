import { siteReplySchema, type MutationEdit } from "./mutation-edit";
import { runPythonTool } from "./run-python-tool";

export interface MutationSites {
  edits: MutationEdit[];
  /** Proposed edits dropped by the AST check (would not parse, or changed more than intended). */
  dropped: { unparseable: number; not_isolated: number };
  /** Set when the source could not be parsed or tokenized; edits is then empty. */
  error?: string;
}

/** Every verified single-edit mutation of each source, keyed by the caller's id. */
export async function findMutations(sources: { id: string; source: string }[]): Promise<Map<string, MutationSites>> {
  const replies = await runPythonTool<{ id: string; source: string }, { id: string }>("find-mutation-sites.py", sources);
  const out = new Map<string, MutationSites>();
  for (const [id, raw] of replies) {
    const reply = siteReplySchema.parse(raw);
    if ("error" in reply) out.set(id, { edits: [], dropped: { unparseable: 0, not_isolated: 0 }, error: reply.error });
    else out.set(id, { edits: reply.edits, dropped: reply.dropped });
  }
  return out;
}
