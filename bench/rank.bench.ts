// Exact ranking at the ExecRetrieval shape (939 queries x 4,694 corpus rows, float32 upload,
// cosine) against numpy as a vendor would write it for a top-10, on the same data, in the same
// run. Data: the SYNTHETIC paper-size benchmark (bench/synthetic). Run: npx tsx bench/rank.bench.ts
// (BENCH_DIMS=768,3072,4096 BENCH_REPS=5 by default).
//
// Ours: rankCorpus as a scoring job calls it: exact top-10, every row tied with the 10th, and
// each query's own canonical and distractor scores, all in float64; the float32 filter runs on
// the system OpenBLAS when native/blas is built (scripts/build-native.sh), and on the
// WebAssembly kernels without it ("fallback", also timed here). numpy (bench/numpy-rank.py):
// float32 normalise, Q @ C.T (its OpenBLAS), argpartition top-10, sort the ten, own scores.
// Timings are best and median of BENCH_REPS runs each, interleaved (ours, numpy, ours) because
// the machine is shared; the load average is printed with every line.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultThreads } from "@/lib/retrieval/kernel-pool";
import { nativeBlasStatus } from "@/lib/retrieval/native-blas";
import { rankCorpus, type RankOptions, type RankResult } from "@/lib/retrieval/rank";
import { SYNTHETIC_LABEL, syntheticBenchmark, syntheticEmbeddings } from "./synthetic/paper-size";

const REPS = Number(process.env.BENCH_REPS ?? 5);
const dimsList = (process.env.BENCH_DIMS ?? "768,3072,4096").split(",").map(Number);
const b = syntheticBenchmark(1);
const Q = b.queries.length, C = b.corpus.length;
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-rank-bench-"));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, c) => a - c);
  return { best: s[0], median: s[s.length >> 1] };
};
const load = () => os.loadavg()[0].toFixed(1);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const sameRanking = (a: RankResult, c: RankResult) =>
  (["top", "scores", "watched", "tied"] as const).every((f) => a[f].every((x, i) => x.length === c[f][i].length && x.every((v, j) => Object.is(v, c[f][i][j])))) &&
  a.tiedTotal.every((v, i) => v === c.tiedTotal[i]);

console.log(`${SYNTHETIC_LABEL}: Q=${Q} C=${C}, float32, cosine; ${os.cpus()[0].model}, ${os.availableParallelism()} cores, ${defaultThreads()} threads`);
console.log(`ours: float32 filter on ${nativeBlasStatus()}`);
try {
  for (const dims of dimsList) {
    const { queries, corpus } = syntheticEmbeddings(b, dims, 7);
    fs.writeFileSync(path.join(dir, "q.f32"), Buffer.from(queries.buffer));
    fs.writeFileSync(path.join(dir, "c.f32"), Buffer.from(corpus.buffer));
    fs.writeFileSync(path.join(dir, "own.json"), JSON.stringify(own));
    const loadBefore = load();
    const time = (options: RankOptions, reps: number, into: number[], cpu?: number[]) => {
      let result: RankResult | undefined;
      for (let r = 0; r < reps; r++) {
        const t0 = performance.now(), c0 = process.cpuUsage();
        result = rankCorpus({ queries, corpus, dims, similarity: "cosine", k: 10, watch: own }, options);
        into.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu?.push((c.user + c.system) / 1000);
      }
      return result!;
    };
    const ours: number[] = [], oursCpu: number[] = [], fallback: number[] = [];
    time({}, Math.ceil(REPS / 2), ours, oursCpu);
    const out = execFileSync("python3", [path.join(import.meta.dirname, "numpy-rank.py"), path.join(dir, "q.f32"), path.join(dir, "c.f32"), String(Q), String(C), String(dims), String(REPS), path.join(dir, "own.json")], { maxBuffer: 64 << 20 });
    const np = JSON.parse(out.toString()) as { ms: number[]; cpuMs: number[]; top: number[][]; numpy: string; blas: string };
    const result = time({}, Math.floor(REPS / 2) || 1, ours, oursCpu);
    const wasm = time({ native: false }, Math.min(REPS, 3), fallback);
    const o = stats(ours), n = stats(np.ms), f = stats(fallback);
    const ordered = np.top.filter((t, i) => t.every((j, r) => j === result.top[i][r])).length;
    const asSets = np.top.filter((t, i) => [...t].sort((x, y) => x - y).join() === Array.from(result.top[i]).sort((x, y) => x - y).join()).length;
    const ties = result.tiedTotal.reduce((s, t) => s + (t > 0 ? 1 : 0), 0);
    console.log(
      `d=${String(dims).padEnd(4)} ours ${result.stats.engine} best ${ms(o.best)}, median ${ms(o.median)} (CPU ${ms(stats(oursCpu).best)}; ${result.stats.exactPairs} pairs rescored in float64) | ` +
        `numpy ${np.numpy} + ${np.blas} best ${ms(n.best)}, median ${ms(n.median)} (CPU ${ms(stats(np.cpuMs).best)}) | ratio best ${(o.best / n.best).toFixed(2)}x, median ${(o.median / n.median).toFixed(2)}x | ` +
        `fallback ${wasm.stats.engine} best ${ms(f.best)}, median ${ms(f.median)} (${(f.best / n.best).toFixed(2)}x) | load ${loadBefore}→${load()}`,
    );
    console.log(
      `       top-10 as numpy's: ${ordered}/${Q} in order, ${asSets}/${Q} as sets (numpy ranks float32 scores); queries with rows tied at the 10th: ${ties}; ` +
        `native and fallback rankings bit-identical: ${sameRanking(result, wasm)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
