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
  // Strictly decreasing scores unless given: no ties.
  const e = (top: number[], passes: boolean[], scores = top.map((_, i) => 1 - i / 100)) => ({ top, scores, passes, ownScores: new Map<number, number>() });

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

  it("ties: the canonical tied with two own distractors at rank 1", () => {
    // Group {d1, c, d2} at 0.9 (c passes), then the other query's canonical.
    const ev = e([1, 0, 2, 5], [false, true, false, false], [0.9, 0.9, 0.9, 0.5]);
    // d = 0: c alone → 1. d = 1: C(2,1)·C(2,0)/C(4,1) = 1/2 of subsets keep one of them → 1/2,
    // otherwise (1/2) c alone → 1: 1/4 + 1/2 = 3/4. d = 4 (shipped): 1/3.
    expect(expectedExec1(layout, 0, ev, 0)).toBe(1);
    expect(expectedExec1(layout, 0, ev, 1)).toBeCloseTo(3 / 4, 15);
    // d = 2: t = 2 kept of the group (C(2,2)/C(4,2) = 1/6) → 1/3; t = 1 (C(2,1)C(2,1)/6 = 4/6) → 1/2; t = 0 (1/6) → 1.
    expect(expectedExec1(layout, 0, ev, 2)).toBeCloseTo(1 / 18 + 1 / 3 + 1 / 6, 15);
    expect(expectedExec1(layout, 0, ev, 4)).toBeCloseTo(1 / 3, 15);
  });

  it("ties: an own distractor tied with an unrelated snippet above the canonical", () => {
    // Group {d1, o} at 0.9 (both fail), then the passing canonical: rank 1 never reaches c.
    const ev = e([1, 5, 0], [false, false, true], [0.9, 0.9, 0.8]);
    expect([0, 1, 4].map((d) => expectedExec1(layout, 0, ev, d))).toEqual([0, 0, 0]);
  });
});
