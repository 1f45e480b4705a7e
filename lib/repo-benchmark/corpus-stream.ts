// The text of a repository-retrieval version's corpus, for vendors who embed or rank it: one JSON
// line per file, in corpus order (the order of corpus.jsonl and of the canonical chunks),
// {snapshot, path, sha256, text}, streamed a few hundred files at a time so that a large corpus
// never sits in memory. `snapshot` (a snapshot key, owner/name@commit12) narrows it to one.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { resolveCorpusVersion } from "./resolve-corpus-version";
import { loadRepoVersion } from "./load-version";

/** The query string of the corpus route. */
export const corpusQuery = z.strictObject({
  version: z.string().min(1).max(40).optional().describe("a benchmark version (default: the newest)"),
  snapshot: z.string().min(1).max(300).optional().describe("one snapshot, owner/name@commit12 (default: all, in corpus order)"),
});

const BATCH = 200;
const decoder = new TextDecoder();

export async function corpusStream(slug: string, version: string | undefined, snapshot: string | undefined): Promise<ReadableStream<Uint8Array>> {
  const versionId = await resolveCorpusVersion(slug, version);
  const v = await loadRepoVersion(versionId);
  const snapshots = snapshot ? v.snapshots.filter((s) => s.key === snapshot) : v.snapshots;
  if (snapshot && snapshots.length === 0) throw new AppError("NOT_FOUND", `no snapshot ${snapshot} in ${slug}; the version has ${v.snapshots.map((s) => s.key).join(", ")}`);
  const work = snapshots.flatMap((s) => Array.from({ length: Math.ceil(s.files.length / BATCH) }, (_, i) => ({ s, files: s.files.slice(i * BATCH, (i + 1) * BATCH) })));
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= work.length) return controller.close();
      const { s, files } = work[next++];
      const rows = await db().repoBlob.findMany({ where: { sha256: { in: files.map((f) => f.sha256) } }, select: { sha256: true, content: true } });
      const content = new Map(rows.map((r) => [r.sha256, decoder.decode(r.content)]));
      controller.enqueue(encoder.encode(files.map((f) => JSON.stringify({ snapshot: s.key, path: f.path, sha256: f.sha256, text: content.get(f.sha256) })).join("\n") + "\n"));
    },
  });
}
