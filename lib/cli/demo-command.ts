import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { prepareBuiltInArb } from "@/lib/construction/arb-mining/builtin";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { createSandbox } from "@/lib/sandbox";
import { parse } from "./args";
import { submitBaselines } from "./baselines-command";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCHMARKS = path.join(ROOT, "benchmarks");
const USAGE = "usage: execboard demo seed [--benchmark core|demo|arb-self|<dir>] [--no-arb]";

// execboard demo seed [--benchmark core|demo|arb-self|<dir>] [--no-arb]: import a built-in
// benchmark (verified by execution), then submit, score and publish the baselines through the
// real pipeline. Needs a running worker. The Quickstart seeds the core benchmark (its earlier
// versions from benchmarks/core-archive first, oldest first, so they stay browsable and the
// newest is current) and then the second track's built-in benchmark, ExecBoard's own repository
// (benchmarks/arb-self, read from this clone's git history), with its three baselines; tests use
// the 48-task demo. A clone that cannot serve arb-self (no git history, or not the pinned
// commit) gets the first track all the same, and is told why and what to do.
export async function demoCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { strings: ["benchmark"], booleans: ["no-arb"] });
  if (positionals[0] !== "seed" || positionals.length > 1) throw new AppError("BAD_REQUEST", USAGE);
  const choice = values.benchmark ?? "core";
  try {
    if (choice === "arb-self") return await seedBuiltInArb();
    const ok = await seedExecBenchmark(choice);
    if (choice !== "core" || values["no-arb"]) return ok ? 0 : 1;
    const arb = await seedBuiltInArb().catch((e: unknown) => {
      if (!(e instanceof AppError) || e.code !== "BAD_REQUEST") throw e;
      console.error(`the second track's built-in benchmark was not seeded: ${e.message}`);
      return 0;
    });
    return ok && arb === 0 ? 0 : 1;
  } finally {
    await closeQueue();
    await disconnectDb();
  }
}

async function seedExecBenchmark(choice: string): Promise<boolean> {
  const dir = choice === "core" || choice === "demo" ? path.join(BENCHMARKS, choice) : path.resolve(choice);
  const sandbox = await createSandbox();
  try {
    for (const older of choice === "core" ? await archivedVersions() : []) {
      const a = await importBenchmark(older, sandbox);
      console.log(a.created ? `imported ${a.slug} ${a.version} (earlier version, browsable)` : `${a.slug} ${a.version} already imported`);
    }
    const r = await importBenchmark(dir, sandbox);
    console.log(r.created ? `imported ${r.slug} ${r.version} (${r.queries} queries, ${r.corpus} snippets)` : `${r.slug} ${r.version} already imported`);
    const results = await submitBaselines(r.slug, { wait: true, publish: true });
    return results.every((x) => x.status === "published");
  } finally {
    await sandbox.close();
  }
}

/** benchmarks/arb-self, imported from this clone's own history, and its baselines published. */
async function seedBuiltInArb(): Promise<number> {
  const arb = await prepareBuiltInArb(ROOT);
  try {
    const r = await importArbBenchmark({ samplesPath: arb.samplesPath, reposDir: arb.reposDir, onProgress: (m) => console.error(`import-arb: ${m}`) });
    const { kept } = r.report;
    console.log(r.created ? `imported ${r.slug} ${r.version} (${kept.total} samples of ${arb.repo} at ${arb.baseCommit.slice(0, 12)})` : `${r.slug} ${r.version} already imported`);
    // The miner's gates are at least as strict as the import's: a sample the import leaves out
    // means the two disagree, and the published numbers would not be over the committed set.
    if (kept.excluded_by_gates) throw new AppError("INTERNAL", `import-arb left out ${kept.excluded_by_gates} samples of ${r.slug} that build-arb's gates passed; see the import report`);
    const results = await submitBaselines(r.slug, { wait: true, publish: true });
    return results.every((x) => x.status === "published") ? 0 : 1;
  } finally {
    arb.cleanup();
  }
}

/** benchmarks/core-archive/<version>/ directories, oldest version first. */
async function archivedVersions(): Promise<string[]> {
  const root = path.join(BENCHMARKS, "core-archive");
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const key = (v: string) => v.split(".").map((x) => Number(x));
  return names
    .filter((n) => /^\d+\.\d+\.\d+$/.test(n))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .map((n) => path.join(root, n));
}
