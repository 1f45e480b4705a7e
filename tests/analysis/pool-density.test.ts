import { describe, expect, it } from "vitest";
import { buildLayout } from "@/lib/analysis";
import { binomial, expectedExec1 } from "@/lib/analysis/pool-density";

describe("binomial", () => {
  it("matches Pascal's triangle, including k > n/2 and out-of-range k", () => {
    expect([0, 1, 2, 3, 4].map((k) => binomial(4, k))).toEqual([1, 4, 6, 4, 1]);
    expect(binomial(3, 2)).toBe(3);
    expect(binomial(2, 3)).toBe(0);
    expect(binomial(2, -1)).toBe(0);
    expect(binomial(50, 25)).toBe(126410606437752);
  });
});

describe("expectedExec1: one query with four distractors", () => {
  // Rows: 0 the canonical, 1-4 its distractors, 5 another query's canonical.
  const layout = buildLayout({
    queries: [
      { queryId: "q", domain: "x", correctCorpusIds: ["c"] },
      { queryId: "other", domain: "x", correctCorpusIds: ["o"] },
    ],
    corpus: [
      { corpusId: "c", queryId: "q", role: "canonical", bugType: null, code: "a" },
      ...[1, 2, 3, 4].map((i) => ({ corpusId: `d${i}`, queryId: "q", role: "distractor" as const, bugType: "off_by_one", code: `a${i}` })),
      { corpusId: "o", queryId: "other", role: "canonical", bugType: null, code: "b" },
    ],
  });
  const e = (top: number[], passes: boolean[]) => ({ top, passes, ownScores: new Map<number, number>() });

  it("two distractors above the passing canonical: C(2,d)/C(4,d)", () => {
    const ev = e([2, 4, 0, 1, 3, 5], [false, false, true, false, false, false]);
    expect([0, 1, 2, 3, 4].map((d) => expectedExec1(layout, 0, ev, d))).toEqual([1, 2 / 4, 1 / 6, 0, 0]);
    expect(expectedExec1(layout, 0, ev, 9)).toBe(0); // more than n: the shipped pool
  });

  it("an unrelated snippet first: the distractors never matter", () => {
    expect([0, 2, 4].map((d) => expectedExec1(layout, 0, e([5, 0, 1], [false, true, false]), d))).toEqual([0, 0, 0]);
    expect([0, 2, 4].map((d) => expectedExec1(layout, 0, e([0, 1], [true, false]), d))).toEqual([1, 1, 1]);
  });

  it("is null only when the verdict it needs lies below the executed list", () => {
    const ev = e([1, 2], [false, false]);
    expect(expectedExec1(layout, 0, ev, 0)).toBeNull(); // nothing kept: rank 1 is below rank 2
    expect(expectedExec1(layout, 0, ev, 2)).toBeNull(); // C(2,2)/C(4,2) of subsets drop both
    expect(expectedExec1(layout, 0, ev, 3)).toBe(0); // any 3 of 4 keep d1 or d2
    expect(expectedExec1(layout, 0, e([], []), 0)).toBe(0); // nothing retrieved at all
  });
});
