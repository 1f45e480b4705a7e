import { describe, expect, it } from "vitest";
import { comparePairs } from "@/lib/leaderboard/pairwise";
import { toSystemScores } from "@/lib/leaderboard/system-scores";
import type { QueryScores } from "@/lib/metrics/score-queries";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { comparePairsAt, solvedColumns, type CompareCandidate } from "@/lib/pages/compare";

// Pass vectors of the top 10 for n queries: each system finds a passing snippet at a random rank.
function system(seed: number, n: number, strength: number): boolean[][] {
  const rng = new Xoshiro128(seed);
  return Array.from({ length: n }, () => {
    const at = rng.nextBelow(1000) < strength * 1000 ? rng.nextBelow(6) : 10 + rng.nextBelow(5);
    return Array.from({ length: 10 }, (_, i) => i === at);
  });
}

/** Ranked lists with the given scores (default: strictly decreasing). */
const lists = (passes: boolean[][], scores?: number[][]) => passes.map((p, q) => ({ passes: p, scores: scores?.[q] ?? p.map((_, i) => 1 - i / 100) }));

// The stored statistics' per-query scores, computed independently of compare.ts: exec@k from
// the first passing rank (no ties here), as exact 0/1 fractions.
const scores = (passes: boolean[][]): QueryScores[] =>
  passes.map((p, q) => {
    const exec = Object.fromEntries([1, 3, 5, 10].map((k) => [k, p.slice(0, k).some(Boolean) ? 1 : 0])) as Record<number, number>;
    return {
      queryId: `q${q}`,
      exec,
      execExact: Object.fromEntries(Object.entries(exec).map(([k, v]) => [k, { num: v, den: 1 }])),
      execution_precision: { 1: 0, 3: 0, 5: 0, 10: 0 },
      ndcg: { 1: 0, 3: 0, 5: 0, 10: 0 },
    };
  });

const solved = (passes: boolean[][], scoreLists?: number[][]) => solvedColumns(lists(passes, scoreLists), [1, 3, 5]);
const cand = (id: string): CompareCandidate => ({ submissionId: id, model: id, provider: "p", published: true });

describe("compare pairs", () => {
  it("gives exactly the stored pairwise statistics (same resamples, same McNemar) for every pair and k", () => {
    const n = 300;
    const passes = [system(1, n, 0.7), system(2, n, 0.5), system(3, n, 0.65)];
    const ids = ["a", "b", "c"];
    const stored = comparePairs(passes.map((p, i) => toSystemScores(ids[i], scores(p)))).filter((c) => c.metric === "exec" && c.k !== 10);
    const mine = comparePairsAt(passes.map((p, i) => ({ candidate: cand(ids[i]), solved: solved(p) })));
    const flat = mine.flatMap((pair) => pair.byK.map((r) => ({ a: pair.a.submissionId, b: pair.b.submissionId, ...r })));
    expect(stored).toHaveLength(9);
    expect(flat).toHaveLength(9);
    for (const s of stored) {
      const m = flat.find((f) => f.a === s.a && f.b === s.b && f.k === s.k)!;
      expect(m).toMatchObject({ aOnly: s.aOnly, bOnly: s.bOnly, pValue: s.pValue, pMethod: s.pMethod, aValue: s.aValue, bValue: s.bValue, ci95: s.ci95 });
      expect(m.delta).toBeCloseTo(s.delta, 12);
    }
  });

  it("counts the queries only one side solves, in the order the systems are given", () => {
    const a = [[true], [true], [false], [false]].map((p) => [...p, ...new Array(9).fill(false)]);
    const b = [[true], [false], [true], [false]].map((p) => [...p, ...new Array(9).fill(false)]);
    const [pair] = comparePairsAt([
      { candidate: cand("a"), solved: solved(a) },
      { candidate: cand("b"), solved: solved(b) },
    ]);
    expect(pair.byK[0]).toMatchObject({ k: 1, aOnly: 1, bOnly: 1, pValue: 1, delta: 0 });
    expect(comparePairsAt([{ candidate: cand("a"), solved: solved(a) }])).toEqual([]);
  });

  it("reads ties from the stored scores: a passing snippet tied with four others at rank 1 counts 1/5", () => {
    const tiedTop = [0.9, 0.9, 0.9, 0.9, 0.9, 0.5, 0.4, 0.3, 0.2, 0.1];
    const passing = [false, false, true, false, false, false, false, false, false, false];
    const c = solved([passing, passing, passing], [tiedTop, tiedTop, tiedTop]);
    expect(Array.from(c.values[1])).toEqual([0.2, 0.2, 0.2]);
    expect(c.exact[3][0]).toEqual({ num: 3, den: 5 });
    expect(c.values[5][1]).toBe(1);
    const first = [true, ...new Array(9).fill(false)], none = new Array(10).fill(false);
    const strictFirst = solved([first, first, none]);
    const [pair] = comparePairsAt([
      { candidate: cand("strict"), solved: strictFirst },
      { candidate: cand("tied"), solved: c },
    ]);
    // d = (4/5, 4/5, -1/5), in fifths (4, 4, -1), S = 7: |S*| >= 7 for 4 of the 8 sign vectors.
    expect(pair.byK[0]).toMatchObject({ k: 1, pValue: 0.5, pMethod: "exact" });
    // Expected discordance: A-only 2 · 4/5, B-only 1/5.
    expect(pair.byK[0].aOnly).toBeCloseTo(1.6, 12);
    expect(pair.byK[0].bOnly).toBeCloseTo(0.2, 12);
  });
});
