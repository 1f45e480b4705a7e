// Child process of memory.bench.ts: runs the matrix-dependent part of a scoring job as the rank
// stage does it (hash the stored upload streaming from disk, read both matrices into memory at
// their submitted precision in benchmark order, rank exactly with the own snippets' scores,
// build the ranking rows) and reports peak RSS above the baseline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { rankRows } from "@/lib/retrieval/rank";
import { readSubmissionRows } from "@/lib/retrieval/submission-rows";
import { hashFile } from "@/lib/storage/hash-file";
import { syntheticBenchmark } from "./synthetic/paper-size";

function status(field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"));
  return Number(m![1]) * 1024;
}

const [file] = process.argv.slice(2);
const b = syntheticBenchmark(1);
const expected = { queryIds: b.queries.map((q) => q.queryId), corpusIds: b.corpus.map((c) => c.corpusId) };
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));

// The job: what rank-stage.ts does with a stored upload.
async function job(path: string, want: typeof expected, watch: number[][]) {
  await hashFile(path);
  const rows = await readSubmissionRows(path, want, { maxBytes: 64 * 1024 ** 3 });
  const t = performance.now();
  const ranked = rankRows({ queries: rows.queries, corpus: rows.corpus, similarity: "cosine", k: 10, watch });
  const stored = ranked.top.map((top, q) => ({ top: Array.from(top), scores: Array.from(ranked.scores[q]), watched: Array.from(ranked.watched[q]) }));
  return { rows, ranked, stored, readDone: t };
}

// A scoring worker is a long-lived process: warm it with a tiny job of the same kind (same
// dims, so the same kernel and thread pool), so that the baseline holds the process's one-time
// costs (compiled code, thread pools, crypto) and the increase is what this job adds.
const dims = Number(process.env.BENCH_DIMS ?? 3072);
const tiny = path.join(os.tmpdir(), `execboard-memory-warm-${process.pid}.npz`);
const tinyIds = { queryIds: ["wq0", "wq1"], corpusIds: ["wc0", "wc1", "wc2"] };
const fill = (n: number) => Float32Array.from({ length: n * dims }, (_, i) => ((i * 7919) % 13) - 6);
fs.writeFileSync(tiny, writeNpz({ query_embeddings: { data: fill(2), shape: [2, dims] }, corpus_embeddings: { data: fill(3), shape: [3, dims] }, query_ids: tinyIds.queryIds, corpus_ids: tinyIds.corpusIds }));
await job(tiny, tinyIds, [[0], [1]]);
fs.rmSync(tiny);
const baseline = status("VmRSS");

const t0 = performance.now();
const { rows, ranked, stored, readDone: t1 } = await job(file, expected, own);
const t2 = performance.now();
const peak = status("VmHWM");
console.log(
  JSON.stringify({
    baseline, peak, increase: peak - baseline, fileBytes: fs.statSync(file).size, dims: rows.dims, dtype: rows.dtype, rows: stored.length,
    path: ranked.stats.path, engine: ranked.stats.engine, readMs: Math.round(t1 - t0), rankMs: Math.round(t2 - t1),
  }),
);
