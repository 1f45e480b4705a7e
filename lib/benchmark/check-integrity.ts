import { AppError } from "@/lib/errors/app-error";
import { BUG_TYPES, LEGACY_BUG_TYPES, type BenchmarkData } from "./format";

export interface IntegrityNotes {
  /** Accepted but worth telling the maintainer, e.g. legacy bug types from the paper's release. */
  notes: string[];
}

// Structural checks that need no execution (the paper's gates 1 and 5): unique ids, every
// correct_corpus_id exists and is that query's canonical, every canonical is referenced, at
// most four distractors per query with a known bug type, unique function names.
// The paper's release carries a few pilot-era bug types (Table 2); those are accepted with a
// note so its corpus imports unchanged, anything else unknown is refused.
export function checkIntegrity(data: BenchmarkData): IntegrityNotes {
  const problems: string[] = [];
  const legacy = new Map<string, string[]>();
  const queryIds = new Set<string>();
  const functionNames = new Map<string, string>();
  for (const q of data.queries) {
    if (queryIds.has(q.query_id)) problems.push(`duplicate query_id ${q.query_id}`);
    queryIds.add(q.query_id);
    const other = functionNames.get(q.function_name);
    if (other) problems.push(`function_name ${q.function_name} is used by ${other} and ${q.query_id}`);
    functionNames.set(q.function_name, q.query_id);
  }
  const corpusById = new Map<string, (typeof data.corpus)[number]>();
  const distractorCount = new Map<string, number>();
  for (const c of data.corpus) {
    if (corpusById.has(c.corpus_id)) problems.push(`duplicate corpus_id ${c.corpus_id}`);
    corpusById.set(c.corpus_id, c);
    if (!queryIds.has(c.query_id)) problems.push(`${c.corpus_id} names unknown query ${c.query_id}`);
    if (c.role === "distractor") {
      distractorCount.set(c.query_id, (distractorCount.get(c.query_id) ?? 0) + 1);
      if (c.bug_type && (LEGACY_BUG_TYPES as readonly string[]).includes(c.bug_type)) {
        legacy.set(c.bug_type, [...(legacy.get(c.bug_type) ?? []), c.corpus_id]);
      } else if (!c.bug_type || !(BUG_TYPES as readonly string[]).includes(c.bug_type)) {
        problems.push(`${c.corpus_id}: bug_type must be one of ${BUG_TYPES.join(", ")} (or a legacy type of the paper's release: ${LEGACY_BUG_TYPES.join(", ")})`);
      }
      if (!c.bug_description) problems.push(`${c.corpus_id}: distractor without bug_description`);
    }
  }
  const referenced = new Set<string>();
  for (const q of data.queries) {
    for (const cid of q.correct_corpus_ids) {
      const item = corpusById.get(cid);
      if (!item) problems.push(`${q.query_id}: correct_corpus_id ${cid} does not exist`);
      else if (item.query_id !== q.query_id || item.role !== "canonical") {
        problems.push(`${q.query_id}: correct_corpus_id ${cid} is not this query's canonical`);
      }
      referenced.add(cid);
    }
    const n = distractorCount.get(q.query_id) ?? 0;
    if (n > 4) problems.push(`${q.query_id} has ${n} distractors (at most 4)`);
  }
  for (const c of data.corpus) {
    if (c.role === "canonical" && !referenced.has(c.corpus_id)) {
      problems.push(`canonical ${c.corpus_id} is not referenced by any query's correct_corpus_ids`);
    }
  }
  if (problems.length) {
    const shown = problems.slice(0, 20).join("; ");
    throw new AppError("BAD_REQUEST", `benchmark integrity: ${problems.length} problem(s): ${shown}`, { problems });
  }
  const notes = [...legacy].map(([type, ids]) => {
    const shown = ids.slice(0, 5).join(", ") + (ids.length > 5 ? ", …" : "");
    return `${ids.length} distractor(s) carry the legacy bug type ${type} from the paper's pilot era (${shown}); accepted as released, not one of the six mechanical types`;
  });
  return { notes };
}
