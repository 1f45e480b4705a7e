import path from "node:path";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { createSandbox } from "@/lib/sandbox";
import { parse } from "./args";

export async function benchmarkCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { backend: { type: "string" } });
  const [sub, dir] = positionals;
  if (sub !== "import" || !dir) throw new AppError("BAD_REQUEST", "usage: execboard benchmark import <dir> [--backend docker|process|auto]");
  const sandbox = await createSandbox({ backend: values.backend as "docker" | "process" | "auto" | undefined });
  try {
    const r = await importBenchmark(path.resolve(dir), sandbox);
    if (!r.created) {
      console.log(`${r.slug} ${r.version} is already imported with identical content (${r.queries} queries, ${r.corpus} snippets)`);
    } else {
      const x = r.execution!;
      console.log(`imported ${r.slug} ${r.version}: ${r.queries} queries, ${r.corpus} snippets`);
      console.log(`verified by execution (${sandbox.backend}): ${x.pairs} pairs, ${x.executed} executed, ${x.cached} from cache`);
    }
    return 0;
  } finally {
    await sandbox.close();
    await disconnectDb();
  }
}
