import type { ScoringContext } from "@/lib/analysis/version-context";
import { runPairsFanOut } from "@/lib/execution/fan-out";
import { pairKey } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import type { RankedTop } from "./rank";

export function distinctPairCount(ctx: ScoringContext, top: RankedTop): number {
  const keys = new Set<string>();
  ctx.queries.forEach((q, qi) => top[qi].forEach((ci) => keys.add(pairKey(ctx.corpus[ci].code, q.tests))));
  return keys.size;
}

// Executing: every (ranked snippet, query tests) pair of each query's executed list (its top 10
// and every snippet tied with the 10th), through the execution cache, fanned out over the
// execution queue so every worker process helps (this one too, with its own sandbox). Returns,
// per query, whether each ranked snippet passes every test.
export async function executeRanked(ctx: ScoringContext, top: RankedTop, sandbox: Sandbox, report: (done: number, total: number) => Promise<void>): Promise<boolean[][]> {
  const pairs = ctx.queries.flatMap((q, qi) => Array.from(top[qi], (ci) => ({ code: ctx.corpus[ci].code, tests: q.tests })));
  let lastReport = 0;
  const verdicts = await runPairsFanOut(pairs, {
    sandbox,
    onProgress: async (done, total) => {
      const now = Date.now();
      if (done === total || now - lastReport > 500) {
        lastReport = now;
        await report(done, total);
      }
    },
  });
  return ctx.queries.map((q, qi) => Array.from(top[qi], (ci) => verdicts.get(pairKey(ctx.corpus[ci].code, q.tests))!.passed));
}
