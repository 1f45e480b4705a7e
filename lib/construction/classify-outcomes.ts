import type { TestOutcome } from "@/lib/sandbox/types";

// What a candidate's per-test outcomes say about it as a distractor.
//   wrong_output        fails at least one test with a bare assertion (the preferred kind)
//   crashes_some        fails only by raising, but passes at least one test
//   passes_all          an equivalent mutant: the tests cannot tell it from the canonical
//   crashes_everywhere  raises (or fails to load) on every test: never kept
//   timeout             hangs on some test: never kept (it would cost every scoring run 5 s)
//   syntax_error        does not even compile: never kept
export type CandidateVerdict = "wrong_output" | "crashes_some" | "passes_all" | "crashes_everywhere" | "timeout" | "syntax_error";

export const KEEPABLE: readonly CandidateVerdict[] = ["wrong_output", "crashes_some"];

export function classifyOutcomes(outcomes: readonly TestOutcome[]): CandidateVerdict {
  if (outcomes.some((o) => o === "ERROR:SyntaxError" || o === "ERROR:IndentationError" || o === "ERROR:TabError")) return "syntax_error";
  if (outcomes.includes("TIMEOUT")) return "timeout";
  if (outcomes.length > 0 && outcomes.every((o) => o === "pass")) return "passes_all";
  if (outcomes.includes("FAIL")) return "wrong_output";
  if (outcomes.includes("pass")) return "crashes_some";
  return "crashes_everywhere";
}

/** Indices of the tests a snippet does not pass: its failing subset. */
export function failingTests(outcomes: readonly TestOutcome[]): number[] {
  return outcomes.flatMap((o, i) => (o === "pass" ? [] : [i]));
}
