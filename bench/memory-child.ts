// Child process of memory.bench.ts: runs the matrix-dependent part of a scoring job (the rank
// stage: read the stored upload, verify its SHA-256, open it row by row, rank exactly with the
// own snippets' scores, build the ranking rows) and reports peak RSS above the baseline.
import crypto from "node:crypto";
import fs from "node:fs";
import { rankRows } from "@/lib/retrieval/rank";
import { openSubmissionRows } from "@/lib/retrieval/submission-rows";
import { syntheticBenchmark } from "./synthetic/paper-size";

function status(field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"));
  return Number(m![1]) * 1024;
}

const [file] = process.argv.slice(2);
const b = syntheticBenchmark(1);
const expected = { queryIds: b.queries.map((q) => q.queryId), corpusIds: b.corpus.map((c) => c.corpusId) };
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));
// Warm the code paths on a tiny input so the baseline includes compiled code, not just modules.
rankRows({ queries: { rows: 1, dims: 4, row: () => new Float32Array([1, 0, 0, 0]) }, corpus: { rows: 2, dims: 4, row: () => new Float32Array([0, 1, 0, 0]) }, similarity: "cosine", k: 1 });
const baseline = status("VmRSS");

// As rank-stage.ts: the upload is read, checked and opened inside a function, so that only
// what the row readers reference (views, or the inflated arrays of a deflated archive) survives.
function validateUpload() {
  const upload = fs.readFileSync(file);
  crypto.createHash("sha256").update(upload).digest("hex");
  return { fileBytes: upload.length, rows: openSubmissionRows(upload, expected) };
}
const { fileBytes, rows } = validateUpload();
const ranked = rankRows({ queries: rows.queries, corpus: rows.corpus, similarity: "cosine", k: 10, watch: own });
const stored = ranked.top.map((t, q) => ({ top: Array.from(t), scores: Array.from(ranked.scores[q]), watched: Array.from(ranked.watched[q]) }));
const peak = status("VmHWM");
console.log(JSON.stringify({ baseline, peak, increase: peak - baseline, fileBytes, dims: rows.dims, dtype: rows.dtype, rows: stored.length, path: ranked.stats.path }));
