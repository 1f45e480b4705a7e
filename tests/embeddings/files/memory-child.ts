// Child process of bounded-memory.test.ts (and bench/upload-large.bench.ts): runs one file-based
// step on an .npz and prints its peak RSS (VmHWM) above the RSS before the step, as JSON.
// validate: what completing an upload does (SHA-256, then the streaming validation);
// read: what a scoring job does with the stored file (both matrices, in benchmark order).
import fs from "node:fs";
import { readSubmissionFile, validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { hashFile } from "@/lib/storage/hash-file";

function status(field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"));
  return Number(m![1]) * 1024;
}

const [step, file, queries, corpus] = process.argv.slice(2);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const expected = { queryIds: ids("q", Number(queries)), corpusIds: ids("c", Number(corpus)) };
const maxBytes = 64 * 1024 ** 3;

const baseline = status("VmRSS");
const t0 = performance.now();
let result: unknown;
if (step === "validate") result = { sha256: (await hashFile(file)).sha256, ...(await validateSubmissionFile(file, expected, { maxBytes })) };
else if (step === "read") {
  const m = await readSubmissionFile(file, expected, { maxBytes });
  result = { dims: m.dims, dtype: m.dtype, matrixBytes: m.queries.byteLength + m.corpus.byteLength, checksum: m.queries[0] + m.corpus[m.corpus.length - 1] };
} else throw new Error(`unknown step ${step}`);
const ms = Math.round(performance.now() - t0);
console.log(JSON.stringify({ step, baseline, peak: status("VmHWM"), increase: status("VmHWM") - baseline, ms, fileBytes: fs.statSync(file).size, result }));
