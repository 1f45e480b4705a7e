// Query-level bootstrap (Efron 1979) for the paper's 95% intervals (§4.2).
//
// Shared resamples: replicate r draws ONE multiset of n query indices (with replacement) and
// every column (metric, ratio numerator, system…) is averaged over that same multiset. All
// statistics of a submission, and of every system of a benchmark version, therefore see
// identical resamples, and a paired difference (column A - column B) is itself a valid column.
//
// Arithmetic, fixed so that anyone can reproduce an interval bit for bit: replicate r takes
// draws r*n .. r*n+n-1 of xoshiro128** (seed below), counts c_i = how often query i was drawn,
// and its mean of column x is (sum over i ascending of c_i * x_i) / n in float64.
import { Xoshiro128 } from "./prng";
import { resampleCounts } from "./resample-counts";

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

/** Replicate means of every column: result[m][r] = mean of columns[m] over resample r. */
export function bootstrapReplicateMeans(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Float64Array[] {
  const sums = bootstrapReplicateSums(columns, opts);
  const n = columns[0].length;
  for (const s of sums) for (let r = 0; r < s.length; r++) s[r] /= n;
  return sums;
}

/**
 * Replicate sums of every column: result[m][r] = sum over i ascending of c_i * columns[m][i].
 * Only non-zero entries are visited (adding an exact zero never changes a float64 sum), so
 * sparse columns such as "query is in domain X" cost little.
 */
export function bootstrapReplicateSums(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Float64Array[] {
  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const n = columns.length > 0 ? columns[0].length : 0;
  if (n === 0) throw new RangeError("bootstrap needs at least one query");
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer, got ${replicates}`);
  for (const col of columns) if (col.length !== n) throw new RangeError("all bootstrap columns must have one value per query");

  const sparse = columns.map((col) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (let i = 0; i < n; i++) {
      if (col[i] !== 0) {
        idx.push(i);
        val.push(col[i]);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
  const counts = resampleCounts(n, replicates, opts.seed ?? BOOTSTRAP_SEED);
  const out = columns.map(() => new Float64Array(replicates));
  for (let r = 0, base = 0; r < replicates; r++, base += n) {
    for (let m = 0; m < sparse.length; m++) {
      const { idx, val } = sparse[m];
      let sum = 0;
      for (let k = 0; k < idx.length; k++) sum += counts[base + idx[k]] * val[k];
      out[m][r] = sum;
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

/** 95% percentile interval of replicate values (sorts them in place). */
export function percentileInterval(replicateMeans: Float64Array): Interval {
  replicateMeans.sort();
  return { low: percentileSorted(replicateMeans, 0.025), high: percentileSorted(replicateMeans, 0.975) };
}

/** 95% percentile intervals of the mean of every column, from shared resamples. */
export function bootstrapIntervals(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Interval[] {
  return bootstrapReplicateMeans(columns, opts).map((means) => percentileInterval(means));
}

/** The draws of replicate r as query indices, for audits and reference implementations. */
export function replicateDraws(n: number, replicate: number, seed = BOOTSTRAP_SEED): Int32Array {
  const rng = new Xoshiro128(seed);
  for (let i = 0; i < replicate * n; i++) rng.nextBelow(n);
  return Int32Array.from({ length: n }, () => rng.nextBelow(n));
}
