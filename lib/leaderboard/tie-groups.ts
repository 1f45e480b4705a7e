// Tie groups: the systems whose exec@k is not significantly different from the leader's, by
// the paired sign-flip test (exact McNemar for 0/1 values) at a fixed alpha, with no multiple-comparison correction (each system
// is tested once, against the leader only). The leader is the system with the highest exec@k;
// among equal values, the one listed first (leaderboard order).
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import type { PairwiseComparison } from "./pairwise";
import { columnMean, type SystemScores } from "./system-scores";

export const TIE_ALPHA = 0.05;

export interface TieGroup {
  k: number;
  leader: string;
  /** The leader first, then the tied systems in the given order. */
  members: string[];
  alpha: number;
}

export function findTieGroups(systems: readonly SystemScores[], pairs: readonly PairwiseComparison[], alpha = TIE_ALPHA): TieGroup[] {
  if (systems.length === 0) return [];
  const p = new Map<string, number>();
  for (const c of pairs) if (c.metric === "exec") p.set(`${c.k}|${c.a}|${c.b}`, c.pValue!).set(`${c.k}|${c.b}|${c.a}`, c.pValue!);
  return METRIC_KS.map((k) => {
    let leader = systems[0], best = columnMean(leader.columns.exec[k]);
    for (const s of systems) {
      const v = columnMean(s.columns.exec[k]);
      if (v > best) [leader, best] = [s, v];
    }
    const members = [leader.submissionId];
    for (const s of systems) {
      if (s === leader) continue;
      const pValue = p.get(`${k}|${leader.submissionId}|${s.submissionId}`);
      if (pValue === undefined) throw new Error(`no exec@${k} comparison between ${leader.submissionId} and ${s.submissionId}`);
      if (pValue >= alpha) members.push(s.submissionId);
    }
    return { k, leader: leader.submissionId, members, alpha };
  });
}
