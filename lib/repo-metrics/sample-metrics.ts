// The tie-aware metrics of one sample's ranking (tie-groups.ts): exact expectations over the
// orders of its tie groups, at the evaluated depth D (positions beyond D never count).
// For a group at positions a+1..a+n holding m gold files:
// - a gold file is at each of its positions with probability 1/n, so P(rank <= k) = clamp((k-a)/n);
// - the first gold file of the group is at position a+r with probability C(n-r, m-1)/C(n, m);
// - the first t positions hold no gold file with probability C(n-m, t)/C(n, t).
// Budgeted context yield is in bcy.ts.
import { expectedBcy, type PackedFile } from "./bcy";
import { BUDGETS, EVAL_DEPTH, FIRST_GOLD_DEPTHS, RECALL_KS, type MetricId } from "./definitions";
import { tieGroups, type TieGroup } from "./tie-groups";

export interface RankedList {
  paths: readonly string[];
  scores: readonly number[];
}

export type SampleValues = Record<MetricId, number>;

function goldIn(g: TieGroup, isGold: readonly boolean[]): number {
  let m = 0;
  for (let i = g.start; i < g.end; i++) if (isGold[i]) m++;
  return m;
}

export function expectedRecall(groups: readonly TieGroup[], isGold: readonly boolean[], goldCount: number, k: number): number {
  if (goldCount === 0) return 0;
  let found = 0;
  for (const g of groups) {
    if (g.start >= k) break;
    const n = g.end - g.start;
    found += goldIn(g, isGold) * Math.min(1, (k - g.start) / n);
  }
  return found / goldCount;
}

export function expectedReciprocalRank(groups: readonly TieGroup[], isGold: readonly boolean[], depth: number): number {
  for (const g of groups) {
    if (g.start >= depth) return 0;
    const m = goldIn(g, isGold);
    if (m === 0) continue;
    const n = g.end - g.start;
    let p = m / n, rr = 0;
    for (let r = 1; r <= n - m + 1 && g.start + r <= depth; r++) {
      rr += p / (g.start + r);
      p *= (n - r - m + 1) / (n - r);
    }
    return rr;
  }
  return 0;
}

/** P(a gold file within the first d positions). */
export function expectedAnyGold(groups: readonly TieGroup[], isGold: readonly boolean[], d: number): number {
  for (const g of groups) {
    if (g.start >= d) return 0;
    const m = goldIn(g, isGold);
    if (m === 0) continue;
    const n = g.end - g.start, t = Math.min(d - g.start, n);
    let none = 1;
    for (let i = 0; i < t; i++) none *= Math.max(0, n - m - i) / (n - i);
    return 1 - none;
  }
  return 0;
}

/** Every metric of one positive sample. `cost` gives a ranked file's header and content tokens. */
export function sampleMetrics(list: RankedList, gold: ReadonlySet<string>, cost: (path: string) => PackedFile): SampleValues {
  const depth = Math.min(EVAL_DEPTH, list.paths.length);
  // Entries past the depth only matter as members of the group that straddles it.
  const groups = tieGroups(list.scores).filter((g) => g.start < depth);
  const isGold = list.paths.map((p) => gold.has(p));
  const out = {} as SampleValues;
  for (const k of RECALL_KS) out[`recall@${k}`] = expectedRecall(groups, isGold, gold.size, k);
  out.mrr = expectedReciprocalRank(groups, isGold, EVAL_DEPTH);
  const files = list.paths.map(cost);
  for (const b of BUDGETS) out[`bcy@${b}`] = gold.size ? expectedBcy(groups, files, isGold, b, EVAL_DEPTH) / gold.size : 0;
  for (const d of FIRST_GOLD_DEPTHS) out[`any@${d}`] = expectedAnyGold(groups, isGold, d);
  return out;
}
