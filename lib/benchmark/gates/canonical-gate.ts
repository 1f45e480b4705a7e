import { pairKey, runPairsCached } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import { alive, describeOutcomes, fail, type BuildTask } from "../build-state";

export interface ExecutionCount {
  pairs: number;
  cached: number;
}

// Gate 3, canonical execution: every canonical passes every one of its tests in the sandbox.
// Hand-written distractors run in the same batch (their verdicts are gate 4's), all through
// the execution cache at the scoring timeout, so import and scoring later reuse the results.
export async function runCanonicalGate(tasks: BuildTask[], sandbox: Sandbox): Promise<ExecutionCount> {
  const live = alive(tasks);
  const pairs = live.flatMap((t) => [t.task.canonical, ...t.distractors.map((d) => d.code)].map((code) => ({ code, tests: t.task.test_suite })));
  const verdicts = await runPairsCached(pairs, { sandbox });
  for (const t of live) {
    const tests = t.task.test_suite;
    const canonical = verdicts.get(pairKey(t.task.canonical, tests))!;
    t.canonicalOutcomes = canonical.outcomes;
    for (const d of t.distractors) d.outcomes = verdicts.get(pairKey(d.code, tests))!.outcomes;
    if (!canonical.passed) fail(t, 3, [`canonical fails its own tests: ${describeOutcomes(canonical.outcomes, tests)}`]);
  }
  return { pairs: verdicts.size, cached: [...verdicts.values()].filter((v) => v.cached).length };
}
