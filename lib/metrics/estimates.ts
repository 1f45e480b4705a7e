// Point estimates with 95% query-level bootstrap intervals, for the three shapes of statistic
// the paper reports: means over queries, ratios of counts pooled over queries (deception over
// (query, distractor) pairs, exec@1 within a domain), and medians over queries.
// Every function resamples QUERIES (the paper's unit), with the shared resamples of bootstrap.ts.
//
// An Estimator computes them. directEstimator resamples at every call; batchEstimates runs a
// computation twice, first recording every column it asks about, then answering from ONE pass
// over the resample table for all of them (identical results, a fraction of the time).
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, bootstrapReplicateSums, percentileInterval, type BootstrapOptions } from "./bootstrap";
import { resampleCounts } from "./resample-counts";

export interface Estimate {
  value: number;
  ci95: [number, number];
}

export interface RatioColumns {
  /** Per query: the numerator count (e.g. deceived pairs of this query). */
  num: ArrayLike<number>;
  /** Per query: the denominator count (e.g. evaluable pairs of this query). */
  den: ArrayLike<number>;
}

export interface Estimator {
  /** Mean over queries of each column (summed in query order), with its interval. */
  mean(columns: readonly ArrayLike<number>[]): Estimate[];
  /**
   * sum(num) / sum(den) over queries. Each replicate takes the same ratio over its resampled
   * queries; a replicate whose resampled denominator is 0 has no ratio and is left out of the
   * percentiles. null when the denominator is 0 over the whole benchmark.
   */
  ratio(ratios: readonly RatioColumns[]): (Estimate | null)[];
  /**
   * Median over the queries with include[i] true (numpy.median: mean of the two middle values
   * for an even count). Replicates take the median of their resampled included queries; a
   * replicate without any is left out. null when no query is included.
   */
  median(values: ArrayLike<number>, include: ArrayLike<boolean>): Estimate | null;
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

function finishMean(col: ArrayLike<number>, sums: Float64Array): Estimate {
  const n = col.length;
  const means = Float64Array.from(sums, (s) => s / n);
  return { value: sumInOrder(col) / n, ci95: interval(means) };
}

function finishRatio(r: RatioColumns, nums: Float64Array, dens: Float64Array): Estimate | null {
  const den = sumInOrder(r.den);
  if (den === 0) return null;
  const kept: number[] = [];
  for (let i = 0; i < nums.length; i++) if (dens[i] > 0) kept.push(nums[i] / dens[i]);
  return { value: sumInOrder(r.num) / den, ci95: interval(Float64Array.from(kept)) };
}

/**
 * numpy.median of a multiset: ascending `sorted` values, value k repeated weights[base + at[k]]
 * times (total > 0 in all).
 */
function weightedMedian(sorted: Float64Array, weights: ArrayLike<number>, base: number, at: Int32Array, total: number): number {
  // 0-based positions of the middle element(s) of the expanded, sorted multiset.
  const lo = (total - 1) >> 1, hi = total >> 1;
  let seen = 0, atLo = NaN;
  for (let k = 0; k < sorted.length; k++) {
    seen += weights[base + at[k]];
    if (atLo !== atLo && seen > lo) atLo = sorted[k];
    if (seen > hi) return (atLo + sorted[k]) / 2;
  }
  throw new Error("weightedMedian: total exceeds the weights");
}

export function medianEstimate(values: ArrayLike<number>, include: ArrayLike<boolean>, opts: BootstrapOptions = {}): Estimate | null {
  const n = values.length;
  const members: number[] = [];
  for (let i = 0; i < n; i++) if (include[i]) members.push(i);
  if (members.length === 0) return null;
  members.sort((a, b) => values[a] - values[b] || a - b);
  const sorted = Float64Array.from(members, (i) => values[i]);
  const at = Int32Array.from(members);
  const value = weightedMedian(sorted, new Int32Array(n).fill(1), 0, at, members.length);

  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const counts = resampleCounts(n, replicates, opts.seed ?? BOOTSTRAP_SEED);
  const kept: number[] = [];
  for (let r = 0, base = 0; r < replicates; r++, base += n) {
    let total = 0;
    for (let k = 0; k < at.length; k++) total += counts[base + at[k]];
    if (total > 0) kept.push(weightedMedian(sorted, counts, base, at, total));
  }
  return { value, ci95: interval(Float64Array.from(kept)) };
}

export function meanEstimates(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Estimate[] {
  if (columns.length === 0) return [];
  const sums = bootstrapReplicateSums(columns, opts);
  return columns.map((col, m) => finishMean(col, sums[m]));
}

export function ratioEstimates(ratios: readonly RatioColumns[], opts: BootstrapOptions = {}): (Estimate | null)[] {
  if (ratios.length === 0) return [];
  const sums = bootstrapReplicateSums(ratios.flatMap((r) => [r.num, r.den]), opts);
  return ratios.map((r, m) => finishRatio(r, sums[2 * m], sums[2 * m + 1]));
}

export function directEstimator(opts: BootstrapOptions = {}): Estimator {
  return {
    mean: (columns) => meanEstimates(columns, opts),
    ratio: (ratios) => ratioEstimates(ratios, opts),
    median: (values, include) => medianEstimate(values, include, opts),
  };
}

const PENDING: [number, number] = [NaN, NaN];

const sameColumn = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && !Array.prototype.some.call(a, (v: number, i: number) => !Object.is(v, b[i]));

function columnKey(col: ArrayLike<number>): string {
  let h = 0x811c9dc5;
  for (const byte of new Uint8Array(Float64Array.from(col).buffer)) h = Math.imul(h ^ byte, 0x01000193);
  return `${col.length}:${h >>> 0}`;
}

export function batchEstimates<T>(opts: BootstrapOptions, run: (est: Estimator) => T): T {
  // Pass 1: record the columns (each distinct column once); answer with exact values and
  // placeholder intervals (nothing may depend on an interval, only on whether one exists).
  const unique: ArrayLike<number>[] = [];
  const byKey = new Map<string, number[]>();
  const calls: number[] = [];
  const record = (col: ArrayLike<number>) => {
    const key = columnKey(col);
    const same = (byKey.get(key) ?? []).find((u) => sameColumn(unique[u], col));
    if (same !== undefined) return calls.push(same);
    byKey.set(key, [...(byKey.get(key) ?? []), unique.length]);
    calls.push(unique.length);
    unique.push(col);
  };
  run({
    mean: (columns) => columns.map((c) => (record(c), { value: sumInOrder(c) / c.length, ci95: PENDING })),
    ratio: (ratios) =>
      ratios.map((r) => {
        record(r.num);
        record(r.den);
        const den = sumInOrder(r.den);
        return den === 0 ? null : { value: sumInOrder(r.num) / den, ci95: PENDING };
      }),
    median: (values, include) => (Array.prototype.some.call(include, Boolean) ? { value: NaN, ci95: PENDING } : null),
  });
  // One pass over the resample table for every distinct column.
  const sums = unique.length > 0 ? bootstrapReplicateSums(unique, opts) : [];
  // Pass 2: the same computation, answered from the sums in the order they were recorded.
  let next = 0;
  const take = (col: ArrayLike<number>) => {
    const u = calls[next];
    if (u === undefined || !sameColumn(unique[u], col)) throw new Error("batchEstimates: the second pass asked for different columns than the first");
    next++;
    return sums[u]; // finishing reads the sums, it never reorders them
  };
  const result = run({
    mean: (columns) => columns.map((c) => finishMean(c, take(c))),
    ratio: (ratios) => ratios.map((r) => finishRatio(r, take(r.num), take(r.den))),
    median: (values, include) => medianEstimate(values, include, opts),
  });
  if (next !== calls.length) throw new Error("batchEstimates: the second pass used fewer columns than the first");
  return result;
}
