import { describe, expect, it } from "vitest";
import { describeOutcome, parseObservations, passSummary, REPR_MAX, testResults } from "@/lib/drilldown/test-results";

describe("test results", () => {
  it("says how many tests pass, never 'fails 8/9' for eight passing", () => {
    expect(passSummary(8, 9)).toBe("passes 8 of 9 tests");
    expect(passSummary(9, 9)).toBe("passes all 9 tests");
    expect(passSummary(0, 9)).toBe("passes none of its 9 tests");
  });

  it("puts every outcome label into words with the exception type it names", () => {
    expect(describeOutcome("pass")).toEqual({ tone: "pass", words: "passes", exception: null });
    expect(describeOutcome("FAIL")).toMatchObject({ tone: "fail", exception: "AssertionError" });
    expect(describeOutcome("FAIL:TypeError")).toEqual({ tone: "fail", words: "raises TypeError", exception: "TypeError" });
    expect(describeOutcome("ERROR:SyntaxError")).toEqual({ tone: "error", words: "the code does not load: SyntaxError", exception: "SyntaxError" });
    expect(describeOutcome("TIMEOUT")).toMatchObject({ tone: "fail", words: "times out", exception: null });
    expect(describeOutcome("FAIL:NotPlainData").words).toBe("returns a value that is not plain data");
    expect(describeOutcome("FAIL:Crash")).toMatchObject({ exception: null });
  });

  it("carries the runner's observation beside each outcome, bounded, and ignores what does not fit", () => {
    const long = "x".repeat(REPR_MAX + 50);
    const obs = parseObservations([null, { returned: "5" }, { returned: long, exception: "ValueError" }, { exception: "not a name!" }], 4);
    expect(obs).toEqual([null, { returned: "5", truncated: false }, { returned: "x".repeat(REPR_MAX), truncated: true, exception: "ValueError" }, null]);
    // Misaligned or absent observations are dropped altogether.
    expect(parseObservations([{ returned: "1" }], 3)).toBeNull();
    expect(parseObservations(null, 3)).toBeNull();

    const rows = testResults(["assert f(1) == 1", "assert f(2) == 4", "assert f(3) == 9", "assert f(4) == 16"], ["pass", "FAIL", "FAIL:ValueError", "pass"], obs);
    expect(rows.map((r) => [r.index, r.tone, r.exception, r.returned])).toEqual([
      [1, "pass", null, null],
      [2, "fail", "AssertionError", "5"],
      [3, "fail", "ValueError", "x".repeat(REPR_MAX)],
      [4, "pass", null, null],
    ]);
    expect(rows[2].returnedTruncated).toBe(true);
  });

  it("marks tests as not executed when there is no verdict", () => {
    expect(testResults(["assert f() == 1"], null, null)).toEqual([
      { index: 1, assert: "assert f() == 1", outcome: null, tone: null, words: "not executed", exception: null, returned: null, returnedTruncated: false },
    ]);
  });
});
