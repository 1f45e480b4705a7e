// Prints how long `benchmark build` takes on a source directory, per phase, cold and warm.
// Run (with DATABASE_URL set and the Docker sandbox available):
//   npx tsx bench/build.bench.ts [src-dir]        default benchmarks/core-src
// "cold" screens candidates under a screening timeout no earlier run used (1000-1096 ms), so
// none of its mutants come from the cache; canonicals and kept distractors may still be cached.
import path from "node:path";
import { buildBenchmark } from "@/lib/benchmark/build-benchmark";
import { disconnectDb } from "@/lib/db/client";
import { createSandbox } from "@/lib/sandbox";

const src = path.resolve(process.argv[2] ?? "benchmarks/core-src");
const sandbox = await createSandbox({ backend: "docker" });
try {
  const screenTimeoutMs = 1000 + (Date.now() % 97);
  for (const label of ["cold", "warm"]) {
    const t0 = performance.now();
    let last = t0;
    const { report } = await buildBenchmark(src, {
      sandbox,
      screenTimeoutMs,
      onProgress: (m) => {
        const now = performance.now();
        console.log(`  ${label} +${((now - last) / 1000).toFixed(1).padStart(6)} s  ${m}`);
        last = now;
      },
    });
    const t = report.totals;
    console.log(
      `${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s for ${t.tasks_read} tasks (${t.tasks_kept} kept, ` +
        `${report.candidates.generated} candidates); ${report.run.pairs_executed} pairs executed, ${report.run.pairs_from_cache} cached`,
    );
  }
} finally {
  await sandbox.close();
  await disconnectDb();
}
