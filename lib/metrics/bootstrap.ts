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
import { replicateSums } from "./replicate-sums";

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

/** Replicate sums of every column: result[m][r] = sum over i ascending of c_ri * columns[m][i]. */
export function bootstrapReplicateSums(columns: readonly ArrayLike<number>[], opts: BootstrapOptions = {}): Float64Array[] {
  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const n = columns.length > 0 ? columns[0].length : 0;
  if (n === 0) throw new RangeError("bootstrap needs at least one query");
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer, got ${replicates}`);
  for (const col of columns) if (col.length !== n) throw new RangeError("all bootstrap columns must have one value per query");
  return replicateSums(columns, n, replicates, opts.seed ?? BOOTSTRAP_SEED);
}

/** Percentile p in [0, 1] of ascending `sorted`, linear interpolation between order statistics (type 7). */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new RangeError("percentile of an empty sample");
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h), hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * 95% percentile interval of replicate values (reorders them in place). Only the four order
 * statistics that type-7 interpolation reads are placed, by selection, not a full sort; the
 * result is the same as percentileSorted on the sorted values.
 */
export function percentileInterval(replicateMeans: Float64Array): Interval {
  const v = replicateMeans, n = v.length;
  if (n === 0) throw new RangeError("percentile of an empty sample");
  const at = (p: number) => {
    const h = (n - 1) * p, lo = Math.floor(h), hi = Math.min(lo + 1, n - 1);
    const a = selectNth(v, lo), b = hi === lo ? a : selectNth(v, hi);
    return a + (h - lo) * (b - a);
  };
  return { low: at(0.025), high: at(0.975) };
}

// Hoare's selection (quickselect) with a deterministic median-of-three pivot: afterwards v[k]
// holds the k-th smallest value. Values are finite, so < is a total order here.
function selectNth(v: Float64Array, k: number): number {
  let lo = 0, hi = v.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    const pivot = median3(v[lo], v[mid], v[hi]);
    let i = lo, j = hi;
    while (i <= j) {
      while (v[i] < pivot) i++;
      while (v[j] > pivot) j--;
      if (i <= j) {
        const t = v[i];
        v[i++] = v[j];
        v[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k];
  }
  return v[k];
}

function median3(a: number, b: number, c: number): number {
  return a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
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
