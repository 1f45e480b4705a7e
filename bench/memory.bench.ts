// Peak memory of the matrix-dependent part of a scoring job, against the size of the uploaded
// matrices, at the paper's shape (939 x 4,694) and d = 3,072, for the ways numpy writes a
// submission. Each variant runs in a fresh process (memory-child.ts); "increase" is peak RSS
// (VmHWM) minus the RSS before the upload is read; the target is at most 2x the matrices plus
// WORKING_SET, the ranking's bounded buffers (float32 copies of a query block and a corpus chunk,
// their scores, the rescoring's caches), whatever the shape.
// Run: npx tsx bench/memory.bench.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SYNTHETIC_LABEL, syntheticBenchmark, syntheticEmbeddings } from "./synthetic/paper-size";

const dims = Number(process.env.BENCH_DIMS ?? 3072);
const b = syntheticBenchmark(1);
const Q = b.queries.length, C = b.corpus.length;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-memory-bench-"));
const here = import.meta.dirname;
const MiB = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
const WORKING_SET = 64 * 2 ** 20;
console.log(`${SYNTHETIC_LABEL}: Q=${Q} C=${C} d=${dims}; target: increase <= 2x the matrices + ${MiB(WORKING_SET)}`);
try {
  const { queries, corpus } = syntheticEmbeddings(b, dims, 7);
  const raw = path.join(dir, "all.f32");
  fs.writeFileSync(raw, Buffer.concat([Buffer.from(queries.buffer), Buffer.from(corpus.buffer)]));
  execFileSync("python3", [path.join(here, "write-npz.py"), raw, String(Q), String(C), String(dims), dir]);
  fs.rmSync(raw);
  for (const [variant, itemSize] of [["f32", 4], ["f32_shuffled", 4], ["f32_compressed", 4], ["f16", 2], ["f64", 8]] as const) {
    const file = path.join(dir, `${variant}.npz`);
    const out = execFileSync(process.execPath, ["--import", "tsx", path.join(here, "memory-child.ts"), file], { cwd: path.resolve(here, "..") });
    const r = JSON.parse(out.toString());
    const matrices = (Q + C) * dims * itemSize;
    console.log(
      `${variant.padEnd(15)} matrices ${MiB(matrices)}, file ${MiB(r.fileBytes)}: peak +${MiB(r.increase)} over a ${MiB(r.baseline)} baseline = ${(r.increase / matrices).toFixed(2)}x the matrices ` +
        `(${r.increase <= 2 * matrices + WORKING_SET ? "within" : "OVER"} 2x + ${MiB(WORKING_SET)}); read ${r.readMs} ms, rank ${r.rankMs} ms (${r.path}, ${r.engine})`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
