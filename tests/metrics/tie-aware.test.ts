// Tie-aware metrics against expectations worked out by hand as exact fractions.
import { describe, expect, it } from "vitest";
import { execAtK, execAtKExact, executionPrecisionAtK, missProbability, ndcgAtK, tieGroups, tieShape, type RankedCandidate } from "@/lib/metrics/tie-aware";

/** A ranked list from [score, passes, relevant] triples. */
const list = (...rows: [number, boolean, boolean?][]): RankedCandidate[] => rows.map(([score, passes, relevant]) => ({ score, passes, relevant: relevant ?? passes }));
const fails = (n: number, from: number, step = 0.01): [number, boolean][] => Array.from({ length: n }, (_, i) => [from - i * step, false]);
const d = (p: number) => 1 / Math.log2(p + 1);

describe("tie groups", () => {
  it("groups exactly equal scores and refuses unsorted lists and NaN", () => {
    const g = tieGroups(list([0.9, false], [0.8, true], [0.8, false], [0.8, false], [0.1, false]));
    expect(g.map((x) => [x.start, x.size, x.passing])).toEqual([
      [0, 1, 0],
      [1, 3, 1],
      [4, 1, 0],
    ]);
    expect(() => tieGroups(list([0.5, false], [0.6, false]))).toThrow(/descending/);
    expect(() => tieGroups(list([NaN, false]))).toThrow(/NaN/);
  });

  it("0.1 + 0.2 and 0.3 are different scores: ties are exact float64 equality only", () => {
    expect(tieGroups(list([0.1 + 0.2, false], [0.3, true])).length).toBe(2);
  });
});

describe("exec@k over tie orders", () => {
  // An edit-blind retriever: the five snippets of a task share one score, one of them passes.
  const editBlind = list([0.7, false], [0.7, false], [0.7, true], [0.7, false], [0.7, false], ...fails(10, 0.5));

  it("a group of 5 with 1 passing straddling k = 1, 3 and fully inside at k = 5", () => {
    expect(execAtKExact(editBlind, 1)).toEqual({ num: 1, den: 5 }); // 1 - C(4,1)/C(5,1)
    expect(execAtKExact(editBlind, 3)).toEqual({ num: 3, den: 5 }); // 1 - C(4,3)/C(5,3) = 1 - 4/10
    expect(execAtKExact(editBlind, 5)).toEqual({ num: 1, den: 1 });
    expect(execAtKExact(editBlind, 10)).toEqual({ num: 1, den: 1 });
  });

  it("the passing member's position inside the group never matters", () => {
    for (let at = 0; at < 5; at++) {
      const rows = Array.from({ length: 5 }, (_, i): [number, boolean] => [0.7, i === at]);
      expect(execAtK(list(...rows, ...fails(10, 0.5)), 1)).toBe(1 / 5);
    }
  });

  it("a group of 4 with 2 passing straddling k = 3 behind one failing snippet", () => {
    const l = list([0.9, false], [0.8, true], [0.8, false], [0.8, true], [0.8, false], ...fails(8, 0.5));
    // m = 2 places of g = 4, r = 2: 1 - C(2,2)/C(4,2) = 5/6
    expect(execAtKExact(l, 3)).toEqual({ num: 5, den: 6 });
    expect(execAtKExact(l, 1)).toEqual({ num: 0, den: 1 });
    expect(executionPrecisionAtK(l, 3)).toBeCloseTo((2 * 2) / 4 / 3, 15);
  });

  it("a group of 3 with 1 passing straddling k = 5", () => {
    const l = list(...fails(3, 0.9), [0.5, false], [0.5, true], [0.5, false], ...fails(6, 0.4));
    expect(execAtKExact(l, 5)).toEqual({ num: 2, den: 3 }); // 1 - C(2,2)/C(3,2)
    expect(execAtKExact(l, 3)).toEqual({ num: 0, den: 1 });
  });

  it("a group of 6 with 1 passing straddling k = 10", () => {
    const l = list(...fails(8, 0.9), ...Array.from({ length: 6 }, (_, i): [number, boolean] => [0.2, i === 5]));
    expect(execAtKExact(l, 10)).toEqual({ num: 1, den: 3 }); // 1 - C(5,2)/C(6,2) = 1 - 10/15
    expect(executionPrecisionAtK(l, 10)).toBeCloseTo((2 * 1) / 6 / 10, 15);
  });

  it("a group entirely below k counts for nothing; a pass strictly above a straddling group counts fully", () => {
    const below = list(...fails(10, 0.9), [0.1, true], [0.1, true]);
    expect(execAtK(below, 10)).toBe(0);
    expect(executionPrecisionAtK(below, 10)).toBe(0);
    const above = list([0.9, true], [0.5, false], [0.5, false], [0.5, false]);
    expect(execAtKExact(above, 3)).toEqual({ num: 1, den: 1 });
    expect(executionPrecisionAtK(above, 3)).toBeCloseTo(1 / 3, 15); // 1 + 2 * 0/3
  });

  it("a group with every member passing is certain; one with none is impossible", () => {
    expect(execAtK(list([0.5, true], [0.5, true], [0.4, false]), 1)).toBe(1);
    expect(execAtK(list([0.5, false], [0.5, false], [0.4, true]), 1)).toBe(0);
  });

  it("without ties the expectation is the plain indicator of the paper", () => {
    const l = list([0.9, false], [0.8, false], [0.7, true], [0.6, false]);
    expect([1, 2, 3, 4].map((k) => execAtK(l, k))).toEqual([0, 0, 1, 1]);
  });

  it("missing ranks never pass", () => {
    expect(execAtK(list([0.5, false], [0.4, false]), 10)).toBe(0);
    expect(executionPrecisionAtK(list([0.5, true]), 10)).toBe(0.1);
  });

  it("matches brute-force enumeration of every order of the tied members", () => {
    // g = 7 with r = 3 straddling k = 4 behind two strict failures.
    const members = [true, false, true, false, false, true, false];
    const l = list([0.9, false], [0.8, false], ...members.map((p): [number, boolean] => [0.5, p]), [0.1, false]);
    const perms = (xs: boolean[]): boolean[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
    const orders = perms(members);
    for (const k of [3, 4, 5, 8]) {
      const brute = orders.reduce((s, o) => s + ([false, false, ...o].slice(0, k).some(Boolean) ? 1 : 0), 0) / orders.length;
      const prec = orders.reduce((s, o) => s + [false, false, ...o].slice(0, k).filter(Boolean).length / k, 0) / orders.length;
      expect(execAtK(l, k)).toBeCloseTo(brute, 12);
      expect(executionPrecisionAtK(l, k)).toBeCloseTo(prec, 12);
    }
    expect(execAtKExact(l, 4)).toEqual({ num: 5, den: 7 }); // 1 - C(4,2)/C(7,2) = 1 - 6/21
  });
});

describe("missProbability", () => {
  it("is C(g-r, m)/C(g, m) in lowest terms", () => {
    expect(missProbability(5, 1, 1)).toEqual({ num: 4, den: 5 });
    expect(missProbability(10, 2, 3)).toEqual({ num: 7, den: 15 }); // C(8,3)/C(10,3) = 56/120
    expect(missProbability(4, 4, 1)).toEqual({ num: 0, den: 1 });
    expect(missProbability(4, 0, 3)).toEqual({ num: 1, den: 1 });
  });

  it("stays exact for the largest group the engine executes (100 members, 10 places)", () => {
    const p = missProbability(100, 1, 10);
    expect(p).toEqual({ num: 9, den: 10 }); // C(99,10)/C(100,10) = 90/100
    expect(Number.isSafeInteger(missProbability(100, 37, 10).den)).toBe(true);
  });
});

describe("nDCG@k over tie orders", () => {
  it("spreads the group's gain over the discounts of its positions inside the top k", () => {
    const l = list([0.7, false, false], [0.7, true, true], [0.7, false, false], [0.7, false, false], [0.7, false, false], ...fails(6, 0.5));
    expect(ndcgAtK(l, 1, 1)).toBeCloseTo(1 / 5, 15);
    expect(ndcgAtK(l, 3, 1)).toBeCloseTo((d(1) + d(2) + d(3)) / 5, 15);
    expect(ndcgAtK(l, 10, 1)).toBeCloseTo((d(1) + d(2) + d(3) + d(4) + d(5)) / 5, 15);
  });

  it("equals the plain nDCG without ties, and two relevant ids use the two-rank ideal", () => {
    const l = list([0.9, false, false], [0.8, true, true], [0.7, false, false], [0.6, true, true]);
    expect(ndcgAtK(l, 10, 2)).toBeCloseTo((d(2) + d(4)) / (d(1) + d(2)), 15);
    expect(() => ndcgAtK(l, 10, 1)).toThrow(/relevantCount/);
  });
});

describe("tie shape", () => {
  it("reports the rank-1 group and whether the rank-10 cut falls inside a tie", () => {
    expect(tieShape(list(...fails(12, 0.9)))).toEqual({ rank1Group: 1, boundaryGroup: 1, boundaryStraddles: false });
    const straddle = list([0.9, true], [0.9, false], ...fails(7, 0.8), [0.1, false], [0.1, false], [0.1, false]);
    expect(tieShape(straddle)).toEqual({ rank1Group: 2, boundaryGroup: 3, boundaryStraddles: true });
    const endsAt10 = list(...fails(8, 0.9), [0.1, false], [0.1, false], [0.05, false]);
    expect(tieShape(endsAt10)).toEqual({ rank1Group: 1, boundaryGroup: 2, boundaryStraddles: false });
  });
});
