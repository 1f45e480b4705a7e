import path from "node:path";
import { fileURLToPath } from "node:url";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { createSandbox } from "@/lib/sandbox";
import { submitBaselines } from "./baselines-command";

const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../benchmarks/demo");

// execboard demo seed: import the demo benchmark (verified by execution), then submit, score
// and publish the baselines through the real pipeline. Needs a running worker.
export async function demoCommand(argv: string[]): Promise<number> {
  if (argv[0] !== "seed") throw new AppError("BAD_REQUEST", "usage: execboard demo seed");
  const sandbox = await createSandbox();
  try {
    const r = await importBenchmark(DEMO_DIR, sandbox);
    console.log(r.created ? `imported ${r.slug} ${r.version} (${r.queries} queries, ${r.corpus} snippets)` : `${r.slug} ${r.version} already imported`);
    const results = await submitBaselines(r.slug, { wait: true, publish: true });
    return results.every((x) => x.status === "published") ? 0 : 1;
  } finally {
    await sandbox.close();
    await closeQueue();
    await disconnectDb();
  }
}
