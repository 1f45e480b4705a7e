// Paired comparisons between systems on the same queries (paper §4.2, Table 5). For every pair
// and k: exec@k gets the exact McNemar test on its discordant counts, and all three metric
// families get the paired-bootstrap difference of means with a 95% percentile interval. The
// pairing: every system is averaged over the SAME resampled queries, so replicate r's
// difference is mean_A(r) - mean_B(r).
import { bootstrapReplicateMeans, percentileInterval, type BootstrapOptions } from "@/lib/metrics/bootstrap";
import { mcnemarExact } from "@/lib/metrics/mcnemar";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { METRIC_NAMES, type MetricName } from "@/lib/metrics/score-queries";
import { columnMean, type SystemScores } from "./system-scores";

export interface PairwiseComparison {
  /** a is the system listed first (the better-placed one when systems come in leaderboard order). */
  a: string;
  b: string;
  metric: MetricName;
  k: number;
  aValue: number;
  bValue: number;
  /** aValue - bValue. */
  delta: number;
  ci95: [number, number];
  /** exec only: queries solved by a alone / by b alone, and the exact two-sided McNemar p. */
  aOnly: number | null;
  bOnly: number | null;
  pValue: number | null;
}

export function discordantCounts(a: Float64Array, b: Float64Array): { aOnly: number; bOnly: number } {
  let aOnly = 0, bOnly = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 1 && b[i] === 0) aOnly++;
    else if (a[i] === 0 && b[i] === 1) bOnly++;
  }
  return { aOnly, bOnly };
}

/** Every unordered pair (i < j in the given order), every metric family, every k. */
export function comparePairs(systems: readonly SystemScores[], opts: BootstrapOptions = {}): PairwiseComparison[] {
  if (systems.length < 2) return [];
  const keys = METRIC_NAMES.flatMap((metric) => METRIC_KS.map((k) => ({ metric, k })));
  const columns = systems.flatMap((s) => keys.map(({ metric, k }) => s.columns[metric][k]));
  const replicates = bootstrapReplicateMeans(columns, opts);
  const means = columns.map(columnMean);
  const at = (si: number, m: number) => si * keys.length + m;
  const diff = new Float64Array(replicates[0].length);

  const out: PairwiseComparison[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      keys.forEach(({ metric, k }, m) => {
        const ra = replicates[at(i, m)], rb = replicates[at(j, m)];
        for (let r = 0; r < diff.length; r++) diff[r] = ra[r] - rb[r];
        const ci = percentileInterval(diff);
        const aValue = means[at(i, m)], bValue = means[at(j, m)];
        const exec = metric === "exec" ? discordantCounts(columns[at(i, m)], columns[at(j, m)]) : null;
        out.push({
          a: systems[i].submissionId,
          b: systems[j].submissionId,
          metric,
          k,
          aValue,
          bValue,
          delta: aValue - bValue,
          ci95: [ci.low, ci.high],
          aOnly: exec?.aOnly ?? null,
          bOnly: exec?.bOnly ?? null,
          pValue: exec ? mcnemarExact(exec.aOnly, exec.bOnly) : null,
        });
      });
    }
  }
  return out;
}
