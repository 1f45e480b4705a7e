// Exact ranking at the ExecRetrieval shape (939 queries x 4,694 corpus rows, float32 upload,
// cosine) against numpy's matrix product plus argsort on the same data, in the same run.
// Data: the SYNTHETIC paper-size benchmark (bench/synthetic). Run: npx tsx bench/rank.bench.ts
// Ours: exact top-10 plus every query's own canonical and distractor scores (float64 scores,
// float32 SIMD filter on all cores + float64 rescoring). numpy: float32 Q @ C.T, a full
// argsort per row, the own snippets' scores. Timings are best and median of several runs,
// interleaved (ours, numpy, ours) because the machine is shared.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultThreads } from "@/lib/retrieval/kernel-pool";
import { rankCorpus } from "@/lib/retrieval/rank";
import { SYNTHETIC_LABEL, syntheticBenchmark, syntheticEmbeddings } from "./synthetic/paper-size";

const REPS = Number(process.env.BENCH_REPS ?? 3);
const dimsList = (process.env.BENCH_DIMS ?? "768,3072,4096").split(",").map(Number);
const b = syntheticBenchmark(1);
const Q = b.queries.length, C = b.corpus.length;
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-rank-bench-"));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, c) => a - c);
  return { best: s[0], median: s[s.length >> 1] };
};

console.log(`${SYNTHETIC_LABEL}: Q=${Q} C=${C}, float32, cosine; ${os.cpus()[0].model}, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);
try {
  for (const dims of dimsList) {
    const { queries, corpus } = syntheticEmbeddings(b, dims, 7);
    fs.writeFileSync(path.join(dir, "q.f32"), Buffer.from(queries.buffer));
    fs.writeFileSync(path.join(dir, "c.f32"), Buffer.from(corpus.buffer));
    fs.writeFileSync(path.join(dir, "own.json"), JSON.stringify(own));
    const ours: number[] = [], oursCpu: number[] = [];
    let result: ReturnType<typeof rankCorpus> | undefined;
    const runOurs = () => {
      for (let r = 0; r < REPS; r++) {
        const t0 = performance.now(), c0 = process.cpuUsage();
        result = rankCorpus({ queries, corpus, dims, similarity: "cosine", k: 10, watch: own });
        ours.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        oursCpu.push((c.user + c.system) / 1000);
      }
    };
    runOurs();
    const out = execFileSync("python3", [path.join(import.meta.dirname, "numpy-rank.py"), path.join(dir, "q.f32"), path.join(dir, "c.f32"), String(Q), String(C), String(dims), String(REPS), path.join(dir, "own.json")], { maxBuffer: 64 << 20 });
    const np = JSON.parse(out.toString()) as { ms: number[]; cpuMs: number[]; top: number[][] };
    runOurs();
    const single = performance.now();
    rankCorpus({ queries, corpus, dims, similarity: "cosine", k: 10, watch: own }, { threads: 1 });
    const singleMs = performance.now() - single;
    const o = stats(ours), n = stats(np.ms), oc = stats(oursCpu);
    const agree = np.top.filter((t, i) => t.every((j, r) => j === result!.top[i][r])).length;
    console.log(
      `d=${String(dims).padEnd(4)} ours best ${o.best.toFixed(0)} ms, median ${o.median.toFixed(0)} ms (CPU ${oc.best.toFixed(0)} ms over ${defaultThreads()} threads; 1 thread ${singleMs.toFixed(0)} ms; ` +
        `${result!.stats.exactPairs} pairs rescored in float64) | numpy best ${n.best.toFixed(0)} ms, median ${n.median.toFixed(0)} ms (CPU ${stats(np.cpuMs).best.toFixed(0)} ms) | ` +
        `ratio best ${(o.best / n.best).toFixed(2)}x, median ${(o.median / n.median).toFixed(2)}x | identical top-10 on ${agree}/${Q} queries`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
