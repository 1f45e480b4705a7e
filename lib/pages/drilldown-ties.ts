// The tie groups of one query's ranked list as the drilldown explains them: where each group
// sits, how many of its members pass, and, for every k at which exec@k is a chance rather than
// a verdict, the arithmetic behind it (McSherry & Najork): a group of g tied snippets with r
// passing, m of whose places fall inside the top k, misses with probability C(g−r, m)/C(g, m).
import { tieGroups } from "@/lib/metrics/tie-aware";

export interface RankedForTies {
  score: number;
  passes: boolean;
}

export interface TieGroupView {
  /** 1-based ranks the group's members share. */
  from: number;
  to: number;
  size: number;
  passing: number;
  score: number;
}

export interface ExecChance {
  k: number;
  /** The group straddling rank k, with nothing passing strictly above it. */
  group: TieGroupView;
  /** Places of the group inside the top k. */
  inside: number;
  /** C(g − r, m) and C(g, m), unreduced, as the reader computes them. */
  missWays: bigint;
  allWays: bigint;
  value: number;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** Groups of two or more exactly tied snippets, in rank order. */
export function drilldownTieGroups(list: readonly RankedForTies[]): TieGroupView[] {
  return tieGroups(list.map((s) => ({ score: s.score, passes: s.passes, relevant: false })))
    .filter((g) => g.size > 1)
    .map((g) => ({ from: g.start + 1, to: g.start + g.size, size: g.size, passing: g.passing, score: g.score }));
}

/**
 * Why exec@k is a fraction for this list, or null when it is a verdict (0 or 1): the tie group
 * that straddles rank k with nothing passing above it, and C(g − r, m)/C(g, m).
 */
export function explainExecAtK(list: readonly RankedForTies[], k: number): ExecChance | null {
  const groups = tieGroups(list.map((s) => ({ score: s.score, passes: s.passes, relevant: false })));
  for (const g of groups) {
    if (g.start >= k) return null;
    const m = Math.min(g.size, k - g.start);
    if (m === g.size) {
      if (g.passing > 0) return null; // a passing snippet is certainly in the top k
      continue;
    }
    if (g.passing === 0) return null;
    const missWays = binomial(g.size - g.passing, m), allWays = binomial(g.size, m);
    if (missWays === 0n) return null; // every order puts a passing member inside
    return {
      k,
      group: { from: g.start + 1, to: g.start + g.size, size: g.size, passing: g.passing, score: g.score },
      inside: m,
      missWays,
      allWays,
      value: 1 - Number(missWays) / Number(allWays),
    };
  }
  return null;
}

/** The group straddling the cut after `shown` ranks, if any: some of its members are not shown. */
export function groupCutAt(list: readonly RankedForTies[], shown: number): TieGroupView | null {
  return drilldownTieGroups(list).find((g) => g.from <= shown && g.to > shown) ?? null;
}
