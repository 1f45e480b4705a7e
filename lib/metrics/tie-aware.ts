// Tie-aware per-query metrics (McSherry & Najork, "Computing information retrieval performance
// measures efficiently in the presence of tied scores", ECIR 2008).
//
// A ranking is a list of candidates in descending float64 score. Candidates with exactly equal
// scores form a tie group; the engine never orders a tie group by corpus order or id. Every
// metric is the exact expectation over all orderings of every tie group, each equally likely.
// The list must be complete through the end of the tie group that holds rank max(k): a group
// that straddles rank k must be present whole, with the real verdict of every member.
//
// For the group occupying 0-based positions s .. s+g-1 with r passing members, let
// m = min(g, max(0, k - s)) be the places it has inside the top k. Then
//   exec@k      = 1 if a group fully inside the top k has a passing member, else
//                 1 - C(g - r, m) / C(g, m) for the group that straddles k (0 if m = 0)
//   precision@k = (passing members of groups fully inside + m r / g) / k
//   DCG@k       = sum over groups of (relevant members / g) * sum_{p=s+1}^{s+m} 1 / log2(p + 1)
// nDCG divides by the ideal DCG over min(k, relevantCount) ranks, as without ties.

import { METRIC_KS } from "./per-query-metrics";

/** One ranked candidate: its score, whether it passes every test, whether it is a correct id. */
export interface RankedCandidate {
  score: number;
  passes: boolean;
  relevant: boolean;
}

/** A tie group of a ranked list: positions start .. start+size-1 (0-based). */
export interface TieGroup {
  start: number;
  size: number;
  /** Members that pass every test of the query. */
  passing: number;
  /** Members that are correct ids (nDCG relevance). */
  relevant: number;
  score: number;
}

/** An exact rational num/den (den >= 1), both safe integers, in lowest terms. */
export interface Rational {
  num: number;
  den: number;
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
}

/**
 * Tie groups of a list sorted by descending score (exact equality). Refuses an unsorted list or
 * a NaN score: the expectation is only defined for a total preorder.
 */
export function tieGroups(list: readonly RankedCandidate[]): TieGroup[] {
  const groups: TieGroup[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c.score !== c.score) throw new RangeError(`ranked candidate ${i} has a NaN score`);
    const last = groups[groups.length - 1];
    if (last && c.score === last.score) {
      last.size++;
      if (c.passes) last.passing++;
      if (c.relevant) last.relevant++;
      continue;
    }
    if (last && c.score > last.score) throw new RangeError(`ranked list is not in descending score order at position ${i}`);
    groups.push({ start: i, size: 1, passing: c.passes ? 1 : 0, relevant: c.relevant ? 1 : 0, score: c.score });
  }
  return groups;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function reduce(num: number, den: number): Rational {
  const g = gcd(Math.abs(num), den) || 1;
  return { num: num / g, den: den / g };
}

/**
 * C(g - r, m) / C(g, m) = prod_{i<m} (g - r - i) / (g - i): the probability that none of the m
 * places a straddling group has in the top k goes to one of its r passing members. As an exact
 * rational when numerator and denominator stay safe integers (groups of up to ~100 members at
 * k <= 10), reduced term by term.
 */
export function missProbability(g: number, r: number, m: number): Rational {
  if (m <= 0) return { num: 1, den: 1 };
  if (r <= 0) return { num: 1, den: 1 };
  if (g - r < m) return { num: 0, den: 1 };
  let num = 1, den = 1;
  for (let i = 0; i < m; i++) {
    const a = reduce(num * (g - r - i), den * (g - i));
    num = a.num;
    den = a.den;
    if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den)) throw new RangeError(`tie group of ${g} is too large for an exact expectation at ${m} places`);
  }
  return { num, den };
}

/** Expected exec@k as an exact rational. Missing ranks (a list shorter than k) never pass. */
export function execAtKExact(list: readonly RankedCandidate[], k: number): Rational {
  checkK(k);
  const groups = tieGroups(list);
  for (const grp of groups) {
    if (grp.start >= k) break;
    const m = Math.min(grp.size, k - grp.start);
    if (m === grp.size) {
      if (grp.passing > 0) return { num: 1, den: 1 };
      continue;
    }
    const miss = missProbability(grp.size, grp.passing, m);
    return { num: miss.den - miss.num, den: miss.den };
  }
  return { num: 0, den: 1 };
}

export function execAtK(list: readonly RankedCandidate[], k: number): number {
  const r = execAtKExact(list, k);
  return r.num / r.den;
}

/** Expected execution_precision@k: expected passing snippets in the top k, divided by k. */
export function executionPrecisionAtK(list: readonly RankedCandidate[], k: number): number {
  checkK(k);
  const groups = tieGroups(list);
  let hits = 0;
  for (const grp of groups) {
    if (grp.start >= k) break;
    const m = Math.min(grp.size, k - grp.start);
    hits += m === grp.size ? grp.passing : (m * grp.passing) / grp.size;
  }
  return hits / k;
}

const discount = (position1: number) => 1 / Math.log2(position1 + 1);

/**
 * Expected canonical-ID nDCG@k with binary relevance. `relevantCount`: how many correct ids the
 * query has (relevant ids outside the list are below every listed rank and add nothing).
 */
export function ndcgAtK(list: readonly RankedCandidate[], k: number, relevantCount: number): number {
  checkK(k);
  if (!Number.isInteger(relevantCount) || relevantCount < 1) throw new RangeError(`relevantCount must be a positive integer, got ${relevantCount}`);
  const groups = tieGroups(list);
  let listed = 0;
  for (const grp of groups) listed += grp.relevant;
  if (listed > relevantCount) throw new RangeError(`relevantCount ${relevantCount} is below the ${listed} listed relevant ids`);
  let dcg = 0;
  for (const grp of groups) {
    if (grp.start >= k) break;
    if (grp.relevant === 0) continue;
    const m = Math.min(grp.size, k - grp.start);
    let gain = 0;
    for (let p = grp.start + 1; p <= grp.start + m; p++) gain += discount(p);
    dcg += (grp.relevant / grp.size) * gain;
  }
  let idcg = 0;
  for (let p = 1; p <= Math.min(k, relevantCount); p++) idcg += discount(p);
  return dcg / idcg;
}

/** What a query's ranking reveals about ties, for the "edit-blind" diagnostics. */
export interface TieShape {
  /** Members of the tie group at rank 1 (1 when rank 1 is strict). */
  rank1Group: number;
  /** Members of the group holding rank `boundary`; 0 when the list is shorter. */
  boundaryGroup: number;
  /** Whether that group continues past rank `boundary` (the top-k cut falls inside a tie). */
  boundaryStraddles: boolean;
}

export function tieShape(list: readonly RankedCandidate[], boundary = Math.max(...METRIC_KS)): TieShape {
  const groups = tieGroups(list);
  const at = groups.find((g) => g.start < boundary && g.start + g.size >= boundary);
  return {
    rank1Group: groups[0]?.size ?? 0,
    boundaryGroup: at?.size ?? 0,
    boundaryStraddles: at !== undefined && at.start + at.size > boundary,
  };
}

/** For each position of a descending score list: the 0-based start and the size of its tie group. */
export function tieSpans(scores: ArrayLike<number>): { start: number; size: number }[] {
  const out: { start: number; size: number }[] = new Array(scores.length);
  for (let i = 0; i < scores.length; ) {
    let j = i + 1;
    while (j < scores.length && scores[j] === scores[i]) j++;
    for (let p = i; p < j; p++) out[p] = { start: i, size: j - i };
    i = j;
  }
  return out;
}
