import { readBenchmarkDir } from "@/lib/benchmark/read-benchmark-dir";
import { pairKey } from "@/lib/execution/run-cached";
import type { ExecPair } from "@/lib/sandbox/types";

// Real (code, test suite) pairs for the sandbox benchmark: every snippet against its own
// query's tests, then cross pairs (every snippet against other queries' tests, nearest
// queries first), from one or more benchmark directories, until `limit` distinct pairs.

export async function benchmarkPairs(dirs: string[], limit: number): Promise<ExecPair[]> {
  const own: ExecPair[] = [];
  const cross: ExecPair[][] = [];
  for (const dir of dirs) {
    const data = await readBenchmarkDir(dir);
    const tests = new Map(data.queries.map((q) => [q.query_id, q.test_suite]));
    const order = data.queries.map((q) => q.query_id);
    data.corpus.forEach((c, ci) => {
      own.push({ id: `${c.corpus_id}@${c.query_id}`, code: c.code, tests: tests.get(c.query_id)! });
      // Offset k pairs snippet ci with the k-th next query: k-th round of cross pairs.
      const at = order.indexOf(c.query_id);
      for (let k = 1; k < order.length; k++) {
        const q = order[(at + k) % order.length];
        (cross[k - 1] ??= [])[ci] = { id: `${c.corpus_id}@${q}`, code: c.code, tests: tests.get(q)! };
      }
    });
  }
  const seen = new Set<string>();
  const pairs: ExecPair[] = [];
  for (const p of [...own, ...cross.flatMap((round) => round.filter(Boolean))]) {
    const key = pairKey(p.code, p.tests);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ ...p, timeoutMs: 5000 });
    if (pairs.length === limit) break;
  }
  return pairs;
}
