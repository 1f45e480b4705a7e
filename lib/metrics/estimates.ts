// Point estimates with 95% query-level bootstrap intervals, for the three shapes of statistic
// the paper reports: means over queries, ratios of counts pooled over queries (deception over
// (query, distractor) pairs, exec@1 within a domain), and medians over queries.
// Every function resamples QUERIES (the paper's unit), with the shared resamples of bootstrap.ts.
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, bootstrapReplicateSums, percentileInterval, type BootstrapOptions } from "./bootstrap";
import { resampleCounts } from "./resample-counts";

export interface Estimate {
  value: number;
  ci95: [number, number];
}

function sumInOrder(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}

function interval(replicates: Float64Array): [number, number] {
  const ci = percentileInterval(replicates);
  return [ci.low, ci.high];
}

/** Mean over queries of each column (summed in query order), with its interval. */
export function meanEstimates(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Estimate[] {
  if (columns.length === 0) return [];
  const n = columns[0].length;
  const sums = bootstrapReplicateSums(columns, opts);
  return columns.map((col, m) => {
    for (let r = 0; r < sums[m].length; r++) sums[m][r] /= n;
    return { value: sumInOrder(col) / n, ci95: interval(sums[m]) };
  });
}

export interface RatioColumns {
  /** Per query: the numerator count (e.g. deceived pairs of this query). */
  num: ArrayLike<number>;
  /** Per query: the denominator count (e.g. evaluable pairs of this query). */
  den: ArrayLike<number>;
}

/**
 * sum(num) / sum(den) over queries. Each replicate takes the same ratio over its resampled
 * queries; a replicate whose resampled denominator is 0 has no ratio and is left out of the
 * percentiles. null when the denominator is 0 over the whole benchmark.
 */
export function ratioEstimates(ratios: readonly RatioColumns[], opts: BootstrapOptions = {}): (Estimate | null)[] {
  if (ratios.length === 0) return [];
  const sums = bootstrapReplicateSums(ratios.flatMap((r) => [r.num, r.den]), opts);
  return ratios.map((r, m) => {
    const den = sumInOrder(r.den);
    if (den === 0) return null;
    const num = sums[2 * m], dens = sums[2 * m + 1];
    const kept: number[] = [];
    for (let i = 0; i < num.length; i++) if (dens[i] > 0) kept.push(num[i] / dens[i]);
    return { value: sumInOrder(r.num) / den, ci95: interval(Float64Array.from(kept)) };
  });
}

/** numpy.median of a multiset given as ascending values with multiplicities (total > 0). */
function weightedMedian(sorted: Float64Array, weight: (k: number) => number, total: number): number {
  // 0-based positions of the middle element(s) of the expanded, sorted multiset.
  const lo = (total - 1) >> 1, hi = total >> 1;
  let seen = 0, atLo = NaN;
  for (let k = 0; k < sorted.length; k++) {
    seen += weight(k);
    if (Number.isNaN(atLo) && seen > lo) atLo = sorted[k];
    if (seen > hi) return (atLo + sorted[k]) / 2;
  }
  throw new Error("weightedMedian: total exceeds the weights");
}

/**
 * Median over the queries with include[i] true (numpy.median: mean of the two middle values
 * for an even count). Replicates take the median of their resampled included queries; a
 * replicate without any is left out. null when no query is included.
 */
export function medianEstimate(values: ArrayLike<number>, include: ArrayLike<boolean>, opts: BootstrapOptions = {}): Estimate | null {
  const n = values.length;
  const members: number[] = [];
  for (let i = 0; i < n; i++) if (include[i]) members.push(i);
  if (members.length === 0) return null;
  members.sort((a, b) => values[a] - values[b] || a - b);
  const sorted = Float64Array.from(members, (i) => values[i]);
  const value = weightedMedian(sorted, () => 1, members.length);

  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const counts = resampleCounts(n, replicates, opts.seed ?? BOOTSTRAP_SEED);
  const kept: number[] = [];
  for (let r = 0, base = 0; r < replicates; r++, base += n) {
    let total = 0;
    for (const i of members) total += counts[base + i];
    if (total > 0) kept.push(weightedMedian(sorted, (k) => counts[base + members[k]], total));
  }
  return { value, ci95: interval(Float64Array.from(kept)) };
}
