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
// running worker. The Quickstart seeds the 325-task core benchmark; tests use the 48-task demo.
export async function demoCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { benchmark: { type: "string" } });
  if (positionals[0] !== "seed") throw new AppError("BAD_REQUEST", "usage: execboard demo seed [--benchmark core|demo|<dir>]");
  const choice = values.benchmark ?? "core";
  const dir = choice === "core" || choice === "demo" ? path.join(BENCHMARKS, choice) : path.resolve(choice);
  const sandbox = await createSandbox();
  try {
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
