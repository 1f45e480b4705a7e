import { runPairsCached, pairKey } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import type { BenchmarkData } from "./format";

export interface ExecutionReport {
  pairs: number;
  executed: number;
  cached: number;
  problems: string[];
}

// Gates 3 and 4 of the paper: every canonical passes all of its query's tests and every
// distractor fails at least one. Results land in the execution cache, so scoring later
// reuses them.
export async function verifyByExecution(data: BenchmarkData, sandbox: Sandbox): Promise<ExecutionReport> {
  const testsByQuery = new Map(data.queries.map((q) => [q.query_id, q.test_suite]));
  const pairs = data.corpus.map((c) => ({ code: c.code, tests: testsByQuery.get(c.query_id)! }));
  const verdicts = await runPairsCached(pairs, { sandbox });
  const problems: string[] = [];
  let cached = 0;
  for (const v of verdicts.values()) if (v.cached) cached += 1;
  for (const c of data.corpus) {
    const v = verdicts.get(pairKey(c.code, testsByQuery.get(c.query_id)!))!;
    if (c.role === "canonical" && !v.passed) {
      const failing = v.outcomes.map((o, i) => (o === "pass" ? null : `test ${i + 1}: ${o}`)).filter(Boolean);
      problems.push(`canonical ${c.corpus_id} fails its own tests (${failing.join(", ")})`);
    }
    if (c.role === "distractor" && v.passed) {
      problems.push(`distractor ${c.corpus_id} passes every test of ${c.query_id} (it is not a bug)`);
    }
  }
  return { pairs: verdicts.size, executed: verdicts.size - cached, cached, problems };
}
