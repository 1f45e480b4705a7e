import type { TestOutcome } from "@/lib/sandbox/types";

// What a candidate's per-test outcomes say about it as a distractor.
//   wrong_output        fails at least one test with a bare assertion (the preferred kind)
//   crashes_some        fails only by raising, but passes at least one test
//   passes_all          an equivalent mutant: the tests cannot tell it from the canonical
//   crashes_everywhere  raises (or fails to load) on every test: never kept
//   timeout             hangs on some test: never kept (it would cost every scoring run 5 s)
//   syntax_error        does not even compile: never kept
//   slow                its suite ran longer than SLOW_SUITE_MS: never kept (every snippet's
//                       suite must finish within a second, with room for a loaded machine)
export type CandidateVerdict = "wrong_output" | "crashes_some" | "passes_all" | "crashes_everywhere" | "timeout" | "syntax_error" | "slow";

/** A kept snippet's suite must run in at most 1 s; candidates are held to half that. */
export const SNIPPET_SUITE_LIMIT_MS = 1000;
export const SLOW_SUITE_MS = 500;

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
