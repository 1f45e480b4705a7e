// Paired comparisons between systems on the same queries (paper §4.2, Table 5). For every pair
// and k: exec@k gets the paired sign-flip test on its per-query (tie-aware, so fractional)
// values, which for 0/1 values is the paper's exact McNemar test, with the expected discordant
// counts; all three metric families get the paired-bootstrap difference of means with a 95%
// percentile interval. The pairing: every system is averaged over the SAME resampled queries,
// so replicate r's difference is mean_A(r) - mean_B(r).
import { bootstrapReplicateMeans, percentileInterval, type BootstrapOptions } from "@/lib/metrics/bootstrap";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { expectedDiscordance, signFlipTest, type SignFlipMethod } from "@/lib/metrics/sign-flip";
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
  /**
   * exec only: expected number of queries solved by a alone / by b alone (McNemar's discordant
   * counts when nothing is tied), and the two-sided paired sign-flip p with how it was computed.
   */
  aOnly: number | null;
  bOnly: number | null;
  pValue: number | null;
  pMethod: SignFlipMethod | null;
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
        const exec = metric === "exec" ? expectedDiscordance(columns[at(i, m)], columns[at(j, m)]) : null;
        const test = metric === "exec" ? signFlipTest(systems[i].execExact[k], systems[j].execExact[k]) : null;
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
          pValue: test?.pValue ?? null,
          pMethod: test?.method ?? null,
        });
      });
    }
  }
  return out;
}
