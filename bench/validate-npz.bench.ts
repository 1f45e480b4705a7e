// Time of every reader of a submitted .npz on the same files, as numpy writes them (np.savez
// of float32 and float16, np.savez_compressed of float32): the server's check of a multipart
// upload (the file in memory), its check of a resumable upload (the file on disk), the submit
// page's check (a file-backed Blob, as the browser holds a File) and the scoring job's read of
// both matrices from disk. Median of BENCH_RUNS runs, one process; memory is memory.bench.ts's.
// Run: npx tsx bench/validate-npz.bench.ts   (shape: BENCH_QUERIES, BENCH_CORPUS, BENCH_DIMS)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkSubmissionFile } from "@/lib/browser-check/check-submission-file";
import { readSubmissionFile, validateSubmissionBytes, validateSubmissionFile } from "@/lib/embeddings/server-readers";

const Q = Number(process.env.BENCH_QUERIES ?? 2_000);
const C = Number(process.env.BENCH_CORPUS ?? 48_000);
const D = Number(process.env.BENCH_DIMS ?? 1_024);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const maxBytes = 64 * 1024 ** 3;
const MiB = 1024 ** 2;
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${String(i + 1).padStart(4, "0")}`);
const expected = { queryIds: ids("q", Q), corpusIds: ids("c", C) };

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-validate-bench-"));
try {
  // Random float32 rows, never all zero, written by numpy in each layout (write-npz.py).
  const raw = path.join(dir, "all.f32");
  const values = new Float32Array((Q + C) * D);
  for (let i = 0, s = 7; i < values.length; i++) values[i] = ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1 || 0.5;
  fs.writeFileSync(raw, values);
  execFileSync("python3", [path.join(import.meta.dirname, "write-npz.py"), raw, String(Q), String(C), String(D), dir]);
  fs.rmSync(raw);
  console.log(`Q=${Q} C=${C} d=${D}; median of ${RUNS} runs; load average ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
  for (const variant of ["f32", "f32_compressed", "f16"]) {
    const file = path.join(dir, `${variant}.npz`);
    const size = fs.statSync(file).size;
    const bytes = fs.readFileSync(file);
    const blob = await fs.openAsBlob(file);
    const multipart = await median(() => validateSubmissionBytes(bytes, expected, { maxBytes }));
    const resumable = await median(() => validateSubmissionFile(file, expected, { maxBytes }));
    const browser = await median(async () => {
      const report = await checkSubmissionFile(blob, expected, { maxBytes });
      if (!report.ok) throw new Error(JSON.stringify(report.items));
    });
    const scoring = await median(() => readSubmissionFile(file, expected, { maxBytes }));
    const rate = (ms: number) => `${(ms / 1000).toFixed(2)} s (${(size / MiB / (ms / 1000)).toFixed(0)} MiB/s)`;
    console.log(
      `${variant.padEnd(15)} file ${(size / MiB).toFixed(0)} MiB: multipart ${rate(multipart)}, resumable ${rate(resumable)}, ` +
        `browser check ${rate(browser)}, scoring read ${rate(scoring)}`,
    );
  }
  console.log(`load average after ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
