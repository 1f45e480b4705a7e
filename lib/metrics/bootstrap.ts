// Query-level bootstrap (Efron 1979) for the paper's 95% intervals (§4.2).
//
// Shared resamples: each replicate draws ONE vector of n query indices (with replacement) and
// every column (metric) is averaged over that same vector. All metrics of a submission therefore
// see identical resamples, the draw cost is paid once per replicate rather than once per metric,
// and a paired difference (column A - column B) is itself a valid column.
import { Xoshiro128 } from "./prng";

export const BOOTSTRAP_REPLICATES = 5000;
export const BOOTSTRAP_SEED = 20260901;
export const BOOTSTRAP_METHOD =
  "query-level percentile bootstrap: 2.5th and 97.5th percentiles of replicate means, linear interpolation (numpy default, Hyndman-Fan type 7)";

export interface BootstrapOptions {
  replicates?: number;
  seed?: number;
}

export interface Interval {
  low: number;
  high: number;
}

/**
 * Replicate means of every column: result[m][r] = mean of columns[m] over resample r.
 * Indices of replicate r are draws r*n .. r*n+n-1 of xoshiro128** seeded with `seed`.
 */
export function bootstrapReplicateMeans(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Float64Array[] {
  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const n = columns.length > 0 ? columns[0].length : 0;
  if (n === 0) throw new RangeError("bootstrap needs at least one query");
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer, got ${replicates}`);
  for (const col of columns) if (col.length !== n) throw new RangeError("all bootstrap columns must have one value per query");

  const rng = new Xoshiro128(opts.seed ?? BOOTSTRAP_SEED);
  const idx = new Int32Array(n);
  const out = columns.map(() => new Float64Array(replicates));
  for (let r = 0; r < replicates; r++) {
    for (let i = 0; i < n; i++) idx[i] = rng.nextBelow(n);
    for (let m = 0; m < columns.length; m++) {
      const col = columns[m];
      let sum = 0;
      for (let i = 0; i < n; i++) sum += col[idx[i]];
      out[m][r] = sum / n;
    }
  }
  return out;
}

/** Percentile p in [0, 1] of ascending `sorted`, linear interpolation between order statistics (type 7). */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new RangeError("percentile of an empty sample");
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h), hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** 95% percentile interval of replicate means (sorts them in place). */
export function percentileInterval(replicateMeans: Float64Array): Interval {
  replicateMeans.sort();
  return { low: percentileSorted(replicateMeans, 0.025), high: percentileSorted(replicateMeans, 0.975) };
}

/** 95% percentile intervals of the mean of every column, from shared resamples. */
export function bootstrapIntervals(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Interval[] {
  return bootstrapReplicateMeans(columns, opts).map((means) => percentileInterval(means));
}
