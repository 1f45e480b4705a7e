import { SLOW_SUITE_MS } from "@/lib/construction/classify-outcomes";
import { pairKey, runPairsCached } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import { alive, describeOutcomes, fail, type BuildTask } from "../build-state";
import { confirmSlowDurations, DURATION_REMEASURES } from "./confirm-durations";

export interface ExecutionCount {
  pairs: number;
  cached: number;
}

// Gate 3, canonical execution: every canonical passes every one of its tests in the sandbox,
// its whole suite in at most SLOW_SUITE_MS (half the second every snippet's run must stay
// within, so a loaded machine still keeps it).
// Hand-written distractors run in the same batch (their verdicts are gate 4's), all through
// the execution cache at the scoring timeout, so import and scoring later reuse the results.
// A suite measured over the limit is timed again before the task is excluded (confirm-durations).
export async function runCanonicalGate(tasks: BuildTask[], sandbox: Sandbox): Promise<ExecutionCount> {
  const live = alive(tasks);
  const pairs = live.flatMap((t) => [t.task.canonical, ...t.distractors.map((d) => d.code)].map((code) => ({ code, tests: t.task.test_suite })));
  const verdicts = await runPairsCached(pairs, { sandbox });
  for (const t of live) {
    const tests = t.task.test_suite;
    const canonical = verdicts.get(pairKey(t.task.canonical, tests))!;
    t.canonicalOutcomes = canonical.outcomes;
    t.canonicalDurationMs = canonical.durationMs;
    for (const d of t.distractors) {
      const v = verdicts.get(pairKey(d.code, tests))!;
      d.outcomes = v.outcomes;
      d.durationMs = v.durationMs;
    }
  }
  const passing = live.filter((t) => verdicts.get(pairKey(t.task.canonical, t.task.test_suite))!.passed);
  const fastest = await confirmSlowDurations(
    passing.map((t) => ({ code: t.task.canonical, tests: t.task.test_suite, durationMs: t.canonicalDurationMs! })),
    SLOW_SUITE_MS,
    sandbox,
  );
  for (const [i, ms] of fastest) passing[i].canonicalDurationMs = ms;
  for (const t of live) {
    const tests = t.task.test_suite;
    const canonical = verdicts.get(pairKey(t.task.canonical, tests))!;
    if (!canonical.passed) fail(t, 3, [`canonical fails its own tests: ${describeOutcomes(canonical.outcomes, tests)}`]);
    else if (t.canonicalDurationMs! > SLOW_SUITE_MS) {
      fail(t, 3, [`the canonical's suite ran ${t.canonicalDurationMs} ms at best of ${1 + DURATION_REMEASURES} runs; every snippet's must finish within ${SLOW_SUITE_MS} ms (a second with room to spare)`]);
    }
  }
  return { pairs: verdicts.size, cached: [...verdicts.values()].filter((v) => v.cached).length };
}
