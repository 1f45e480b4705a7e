import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { createSandbox } from "@/lib/sandbox";
import { parse } from "./args";
import { submitBaselines } from "./baselines-command";

const BENCHMARKS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../benchmarks");

// execboard demo seed [--benchmark core|demo|<dir>]: import a built-in benchmark (verified by
// execution), then submit, score and publish the baselines through the real pipeline. Needs a
// running worker. The Quickstart seeds the core benchmark (its earlier versions from
// benchmarks/core-archive first, oldest first, so they stay browsable and the newest is
// current); tests use the 48-task demo.
export async function demoCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { benchmark: { type: "string" } });
  if (positionals[0] !== "seed") throw new AppError("BAD_REQUEST", "usage: execboard demo seed [--benchmark core|demo|<dir>]");
  const choice = values.benchmark ?? "core";
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
    return results.every((x) => x.status === "published") ? 0 : 1;
  } finally {
    await sandbox.close();
    await closeQueue();
    await disconnectDb();
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
