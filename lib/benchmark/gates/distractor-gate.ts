import { classifyOutcomes, failingTests, SNIPPET_SUITE_LIMIT_MS } from "@/lib/construction/classify-outcomes";
import { pairKey, runPairsCached } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import { alive, describeOutcomes, fail, type BuildTask } from "../build-state";
import type { ExecutionCount } from "./canonical-gate";
import { confirmSlowDurations, DURATION_REMEASURES } from "./confirm-durations";

export const MAX_DISTRACTORS = 4;

// Gate 4, distractor execution, on each task's final distractors at the scoring timeout:
// each fails at least one test, none is a syntax error, none crashes (or hangs) on every
// test, none's suite runs longer than a second (at best of three runs), no two are the same code, the task has at least `minDistractors`, and its distractors
// do not all fail the same subset of tests when the engine had a candidate that would not.
export async function runDistractorGate(tasks: BuildTask[], sandbox: Sandbox, minDistractors: number): Promise<ExecutionCount> {
  const live = alive(tasks);
  const pairs = live.flatMap((t) => t.distractors.filter((d) => !d.outcomes).map((d) => ({ code: d.code, tests: t.task.test_suite })));
  const verdicts = await runPairsCached(pairs, { sandbox });
  // A suite measured over the limit is timed again before it costs its task (confirm-durations).
  const timed = live.flatMap((t) =>
    t.distractors.map((d) => {
      const v = verdicts.get(pairKey(d.code, t.task.test_suite));
      d.outcomes ??= v!.outcomes;
      d.durationMs ??= v!.durationMs;
      return { d, pair: { code: d.code, tests: t.task.test_suite, durationMs: classifyOutcomes(d.outcomes) === "timeout" ? 0 : (d.durationMs ?? 0) } };
    }),
  );
  const fastest = await confirmSlowDurations(timed.map((x) => x.pair), SNIPPET_SUITE_LIMIT_MS, sandbox);
  for (const [i, ms] of fastest) timed[i].d.durationMs = ms;
  for (const t of live) {
    const tests = t.task.test_suite;
    const reasons: string[] = [];
    const seen = new Map<string, number>([[t.task.canonical, 0]]);
    t.distractors.forEach((d, k) => {
      const label = `${d.origin === "generated" ? "generated" : "hand-written"} distractor ${k + 1} (${d.bugType})`;
      const twin = seen.get(d.code);
      if (twin !== undefined) reasons.push(`${label} is identical to ${twin === 0 ? "the canonical" : `distractor ${twin}`}`);
      seen.set(d.code, k + 1);
      const outcomes = d.outcomes!;
      const verdict = classifyOutcomes(outcomes);
      if (verdict === "passes_all") reasons.push(`${label} passes every test: it is not a bug the tests can see`);
      if (verdict === "syntax_error") reasons.push(`${label} is a syntax error`);
      if (verdict === "crashes_everywhere") reasons.push(`${label} crashes on every test (${describeOutcomes(outcomes, tests)})`);
      if (verdict === "timeout") reasons.push(`${label} hangs (${describeOutcomes(outcomes, tests)})`);
      if (verdict !== "timeout" && (d.durationMs ?? 0) > SNIPPET_SUITE_LIMIT_MS) reasons.push(`${label}'s suite ran ${d.durationMs} ms at best of ${1 + DURATION_REMEASURES} runs; every snippet's must finish within ${SNIPPET_SUITE_LIMIT_MS} ms`);
    });
    if (t.distractors.length > MAX_DISTRACTORS) reasons.push(`${t.distractors.length} distractors (at most ${MAX_DISTRACTORS})`);
    if (t.distractors.length < minDistractors) reasons.push(`only ${t.distractors.length} distractor(s), at least ${minDistractors} required: ${shortfall(t)}`);
    const subsets = new Set(t.distractors.map((d) => failingTests(d.outcomes!).join(",")));
    if (t.distractors.length >= 2 && subsets.size === 1) {
      const failing = failingTests(t.distractors[0].outcomes!).map((i) => i + 1).join(", ");
      if ((t.generation?.subsetsAvailable ?? 1) > 1) {
        reasons.push(`all ${t.distractors.length} distractors fail exactly tests ${failing}, though a candidate failing other tests exists`);
      } else {
        t.warnings.push(`all ${t.distractors.length} distractors fail exactly tests ${failing}; unavoidable with these tests (no candidate fails a different subset)`);
      }
    }
    fail(t, 4, reasons);
  }
  return { pairs: verdicts.size, cached: [...verdicts.values()].filter((v) => v.cached).length };
}

/** Why a task has fewer than four distractors, from its candidates' fates. */
export function shortfall(t: BuildTask): string {
  const g = t.generation;
  if (!g) return "no candidates were generated";
  if (g.error) return `the canonical could not be parsed for mutation (${g.error})`;
  const b = g.buckets;
  const types = Object.entries(g.byBugType).map(([type, s]) => `${type} ×${s.generated}`).join(", ");
  const parts = [
    g.generated ? `${g.generated} candidate(s) (${types})` : "0 candidates: the canonical has no mutation site",
    g.generated ? `${(b.selected ?? 0) + (b.surplus ?? 0)} usable` : "",
    b.passes_all ? `${b.passes_all} pass every test` : "",
    b.crashes_everywhere ? `${b.crashes_everywhere} crash on every test` : "",
    b.timeout ? `${b.timeout} hang` : "",
    b.slow ? `${b.slow} run too slowly` : "",
    b.duplicate ? `${b.duplicate} duplicate another` : "",
    b.syntax_error ? `${b.syntax_error} do not compile` : "",
  ];
  return parts.filter(Boolean).join(", ");
}
