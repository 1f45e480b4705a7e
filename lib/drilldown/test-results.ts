// One snippet's tests as the drilldown explains them: each assert, its outcome in words, the
// exception type of a failing call and, when the runner reported it, a bounded repr of the value
// the candidate returned. Outcomes are the runner's labels (DESIGN.md, docs/design-notes.md);
// observations come from `executions.observations`, written by the verdict side of the runner
// (never by the candidate) and checked here again before anything reaches a page.
import { OBSERVATION_REPR_MAX, type TestObservation, type TestOutcome } from "@/lib/sandbox/types";

export type { TestObservation };
/** The stored observations, checked again (lib/sandbox/observations.ts) before anything reaches a page. */
export { parseObservations } from "@/lib/sandbox/observations";

/** Longest returned-value repr a page shows (the runner cuts to it too). */
export const REPR_MAX = OBSERVATION_REPR_MAX;

export type OutcomeTone = "pass" | "fail" | "error";

export interface TestResultView {
  /** 1-based, as the page numbers them (t1, t2, …). */
  index: number;
  assert: string;
  outcome: TestOutcome | null;
  tone: OutcomeTone | null;
  /** The outcome in words: "passes", "assertion fails", "raises TypeError", "times out", … */
  words: string;
  /** The exception type behind a failure, when there is one (from the label or the runner). */
  exception: string | null;
  returned: string | null;
  returnedTruncated: boolean;
}

const RUNNER_OWN: Record<string, string> = {
  SystemExit: "exits the process (SystemExit)",
  Crash: "crashes (killed by a signal, e.g. out of memory)",
  OutputLimit: "prints more output than allowed",
  NotPlainData: "returns a value that is not plain data",
};

/** An outcome label in words, with the exception type it names (if any). */
export function describeOutcome(outcome: TestOutcome): { tone: OutcomeTone; words: string; exception: string | null } {
  if (outcome === "pass") return { tone: "pass", words: "passes", exception: null };
  if (outcome === "FAIL") return { tone: "fail", words: "assertion fails: a wrong result", exception: "AssertionError" };
  if (outcome === "TIMEOUT") return { tone: "fail", words: "times out", exception: null };
  const [kind, name] = [outcome.slice(0, outcome.indexOf(":")), outcome.slice(outcome.indexOf(":") + 1)];
  if (kind === "ERROR") return { tone: "error", words: `the code does not load: ${name}`, exception: name };
  if (RUNNER_OWN[name]) return { tone: "fail", words: RUNNER_OWN[name], exception: name === "Crash" || name === "OutputLimit" ? null : name };
  return { tone: "fail", words: `raises ${name}`, exception: name };
}

/** Every test of a snippet, with its outcome and observation where known. */
export function testResults(tests: readonly string[], outcomes: readonly TestOutcome[] | null, observations: readonly (TestObservation | null)[] | null): TestResultView[] {
  return tests.map((assert, i) => {
    const outcome = outcomes?.[i] ?? null;
    const seen = observations?.[i] ?? null;
    const d = outcome ? describeOutcome(outcome) : null;
    return {
      index: i + 1,
      assert,
      outcome,
      tone: d?.tone ?? null,
      words: d?.words ?? "not executed",
      exception: seen?.exception ?? d?.exception ?? null,
      returned: seen?.returned ?? null,
      returnedTruncated: seen?.truncated === true,
    };
  });
}

/** "passes 8 of 9 tests", "passes all 9 tests", "passes none of its 9 tests". */
export function passSummary(passed: number, total: number): string {
  if (total === 0) return "has no tests";
  if (passed === total) return `passes all ${total} test${total === 1 ? "" : "s"}`;
  if (passed === 0) return `passes none of its ${total} tests`;
  return `passes ${passed} of ${total} tests`;
}
