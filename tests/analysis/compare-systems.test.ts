import { describe, expect, it } from "vitest";
import { compareSystems } from "@/lib/leaderboard/compare-systems";
import { comparePairs } from "@/lib/leaderboard/pairwise";
import { toSystemScores, type SystemScores } from "@/lib/leaderboard/system-scores";
import { mcnemarExact } from "@/lib/metrics/mcnemar";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { scoreQueries, type QueryOutcome } from "@/lib/metrics/score-queries";
import { strict } from "../metrics/ranked-lists";
import { bruteBootstrap } from "./reference";

const opts = { replicates: 300, seed: 8 };
const T = true, F = false;

/** A system from per-query strict top-10 pass vectors; the canonical is the first passing snippet. */
function system(id: string, passes: boolean[][]): SystemScores {
  const outcomes: QueryOutcome[] = passes.map((p, q) => ({ queryId: `q${q}`, ranked: strict(p, p.indexOf(true) >= 0 ? [p.indexOf(true) + 1] : []), relevantCount: 1 }));
  return toSystemScores(id, scoreQueries(outcomes, opts).perQuery);
}

/** An edit-blind system: per query, `tied` snippets share the top score and one of them passes. */
function blind(id: string, tied: number[]): SystemScores {
  const outcomes: QueryOutcome[] = tied.map((g, q) => ({
    queryId: `q${q}`,
    ranked: [...Array.from({ length: g }, (_, i) => ({ score: 0.9, passes: i === 0, relevant: i === 0 })), ...strict(new Array<boolean>(10).fill(F)).map((c) => ({ ...c, score: c.score - 0.5 }))],
    relevantCount: 1,
  }));
  return toSystemScores(id, scoreQueries(outcomes, opts).perQuery);
}

const rank1 = (bits: number[]) => bits.map((b) => [b === 1, F, T, F, F, F, F, F, F, F]);
const find = (pairs: ReturnType<typeof comparePairs>, metric: string, k: number) => pairs.find((p) => p.metric === metric && p.k === k)!;

describe("paired comparisons on hand-computed cases", () => {
  it("counts discordant queries and applies the exact McNemar test to them", () => {
    // exec@1: A solves q0 q1 q4, B solves q0 q2 → A-only {q1, q4}, B-only {q2}.
    const pairs = comparePairs([system("A", rank1([1, 1, 0, 0, 1])), system("B", rank1([1, 0, 1, 0, 0]))], opts);
    const e1 = find(pairs, "exec", 1);
    expect(e1).toMatchObject({ a: "A", b: "B", aOnly: 2, bOnly: 1, aValue: 0.6, bValue: 0.4, pMethod: "exact" });
    expect(e1.delta).toBeCloseTo(0.2, 15);
    expect(e1.pValue).toBe(1); // 2 * P(Bin(3, 1/2) <= 1) = 2 * 4/8
    // Everything passes at rank 3: exec@3 agrees everywhere, no discordant pair.
    expect(find(pairs, "exec", 3)).toMatchObject({ aOnly: 0, bOnly: 0, pValue: 1, delta: 0, ci95: [0, 0] });
    // Continuous metrics carry no McNemar fields.
    expect(find(pairs, "ndcg", 3)).toMatchObject({ aOnly: null, bOnly: null, pValue: null, pMethod: null });
    expect(pairs).toHaveLength(12);
  });

  it("compares an edit-blind system by the sign-flip test on its fractional exec@1", () => {
    // A solves q0..q3 at rank 1; B ties 5 snippets at the top of every query (1/5 each).
    // d = (4/5, 4/5, 4/5, 4/5, -1/5): sums over sign vectors in units of 1/5; |S| >= 3 units:
    // signs of the four 4s give 4·(2j - 4) for j up; plus ±1: |S| ≥ 15/5 = 3 needs the four
    // 4/5 all on one side: 2 · 2 / 32 = 1/8.
    const pairs = comparePairs([system("A", rank1([1, 1, 1, 1, 0])), blind("B", [5, 5, 5, 5, 5])], opts);
    const e1 = find(pairs, "exec", 1);
    expect(e1.bValue).toBeCloseTo(0.2, 15);
    expect(e1.pMethod).toBe("exact");
    expect(e1.pValue).toBeCloseTo(1 / 8, 15);
    // Expected discordant counts: A-only 4·(4/5) = 3.2, B-only 1·(1/5) = 0.2.
    expect(e1.aOnly).toBeCloseTo(3.2, 12);
    expect(e1.bOnly).toBeCloseTo(0.2, 12);
    // exec@5: the blind system's whole group fits, so it solves every query; A solves 4 of 5.
    expect(find(pairs, "exec", 5)).toMatchObject({ aValue: 1, bValue: 1 });
  });

  it("all-pass against all-fail: every query discordant, a degenerate interval", () => {
    const n = 10;
    const pairs = comparePairs([
      system("all-pass", Array.from({ length: n }, () => [T, T, T, T, T, T, T, T, T, T])),
      system("all-fail", Array.from({ length: n }, () => new Array<boolean>(10).fill(F))),
    ], opts);
    for (const k of [1, 3, 5, 10]) {
      expect(find(pairs, "exec", k)).toMatchObject({ aOnly: n, bOnly: 0, delta: 1, ci95: [1, 1], pValue: 2 * 2 ** -n });
      expect(find(pairs, "execution_precision", k)).toMatchObject({ aValue: 1, bValue: 0, delta: 1, ci95: [1, 1] });
    }
    expect(find(pairs, "ndcg", 10)).toMatchObject({ aValue: 1, bValue: 0 });
  });

  it("finds per-query difficulty and the tie group of the leader", () => {
    // Five queries, three systems listed S1, L, S0. exec@1: L solves 4, S1 solves 3, S0 none.
    const L = system("L", rank1([1, 1, 1, 1, 0])), S1 = system("S1", rank1([1, 1, 0, 0, 1])), S0 = system("S0", rank1([0, 0, 0, 0, 0]));
    const r = compareSystems(["q0", "q1", "q2", "q3", "q4"], [S1, L, S0], opts);
    expect(r.difficulty.perQuery.map((q) => q.solvedBy)).toEqual([2, 2, 1, 1, 1]);
    expect(r.difficulty).toMatchObject({ systems: 3, histogram: [0, 3, 2, 0], solvedByNone: 0, solvedByAll: 0, median: 1, mean: 7 / 5 });
    const g1 = r.tieGroups.find((g) => g.k === 1)!;
    // L (0.8) leads; S1 (0.6): discordant 2 vs 1 → p = 1, tied; S0: 4 vs 0 → p = 0.125 ≥ 0.05, tied too.
    expect(g1).toEqual({ k: 1, leader: "L", members: ["L", "S1", "S0"], alpha: 0.05 });
    expect(find(r.pairs.filter((p) => p.a === "L" && p.b === "S0"), "exec", 1).pValue).toBe(0.125);
  });

  it("difficulty with a tied system: expected counts from the Poisson-binomial law", () => {
    // q0: L solves, the blind system (g = 2) half the time; q1: neither, blind half the time.
    const L = system("L", rank1([1, 0])), B = blind("B", [2, 2]);
    const r = compareSystems(["q0", "q1"], [L, B], opts);
    expect(r.difficulty.perQuery.map((q) => q.solvedBy)).toEqual([1.5, 0.5]);
    // q0: 1 system w.p. 1/2, 2 w.p. 1/2; q1: 0 w.p. 1/2, 1 w.p. 1/2.
    expect(r.difficulty.histogram).toEqual([0.5, 1, 0.5]);
    expect(r.difficulty).toMatchObject({ solvedByNone: 0.5, solvedByAll: 0.5, median: 1, mean: 1 });
  });

  it("leaves a system out of the tie group when McNemar separates it from the leader", () => {
    const n = 12;
    const L = system("L", rank1(new Array(n).fill(1))), S = system("S", rank1(new Array(n).fill(0)));
    const r = compareSystems(Array.from({ length: n }, (_, i) => `q${i}`), [L, S], opts);
    expect(r.tieGroups.find((g) => g.k === 1)).toEqual({ k: 1, leader: "L", members: ["L"], alpha: 0.05 });
    expect(r.difficulty).toMatchObject({ solvedByAll: 0, solvedByNone: 0, median: 1 });
    // At rank 3 both pass everywhere (rank-3 snippets pass): one group of two, leader listed first.
    expect(r.tieGroups.find((g) => g.k === 3)).toEqual({ k: 3, leader: "L", members: ["L", "S"], alpha: 0.05 });
  });
});

describe("paired bootstrap: same resamples for both systems (independent reimplementation)", () => {
  it("matches literal redraws of queries on random systems", () => {
    const rng = new Xoshiro128(4);
    const Q = 60;
    const randomSystem = (id: string) => system(id, Array.from({ length: Q }, () => Array.from({ length: 10 }, () => rng.nextBelow(4) === 0)));
    const systems = [randomSystem("A"), randomSystem("B"), randomSystem("C")];
    const pairs = comparePairs(systems, opts);
    expect(pairs).toHaveLength(3 * 12);
    for (const p of pairs) {
      const a = systems.find((s) => s.submissionId === p.a)!.columns[p.metric][p.k];
      const b = systems.find((s) => s.submissionId === p.b)!.columns[p.metric][p.k];
      const mean = (c: Float64Array, d: number[]) => d.reduce((s, i) => s + c[i], 0) / d.length;
      const ci = bruteBootstrap(Q, opts.replicates, opts.seed, (d) => mean(a, d) - mean(b, d));
      expect(p.ci95[0]).toBeCloseTo(ci[0], 12);
      expect(p.ci95[1]).toBeCloseTo(ci[1], 12);
      expect(p.delta).toBeCloseTo(a.reduce((s, x) => s + x, 0) / Q - b.reduce((s, x) => s + x, 0) / Q, 15);
      if (p.metric === "exec") {
        let ao = 0, bo = 0;
        for (let q = 0; q < Q; q++) {
          ao += a[q] > b[q] ? 1 : 0;
          bo += b[q] > a[q] ? 1 : 0;
        }
        expect([p.aOnly, p.bOnly, p.pValue]).toEqual([ao, bo, mcnemarExact(ao, bo)]);
      }
    }
  });
});
