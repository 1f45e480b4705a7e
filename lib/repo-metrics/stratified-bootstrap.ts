// 95% intervals for repository-equal means: a stratified bootstrap that resamples each
// repository's samples within it (with replacement, as many as it has), so every replicate
// keeps every repository at equal weight, as the estimate does. One seeded stream
// (xoshiro128**, BOOTSTRAP_SEED) draws, for replicate r, each repository in name order in turn;
// every column sees the same draws, so paired differences are columns too.
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, percentileInterval, type Interval } from "@/lib/metrics/bootstrap";
import { Xoshiro128 } from "@/lib/metrics/prng";

/** strata[i]: the stratum (repository index, in name order) of sample i. */
export function repoEqualMean(column: ArrayLike<number>, strata: ArrayLike<number>): number {
  const sums = new Map<number, { s: number; n: number }>();
  for (let i = 0; i < column.length; i++) {
    const e = sums.get(strata[i]) ?? { s: 0, n: 0 };
    e.s += column[i];
    e.n++;
    sums.set(strata[i], e);
  }
  let total = 0;
  for (const e of sums.values()) total += e.s / e.n;
  return sums.size ? total / sums.size : 0;
}

export function stratifiedIntervals(columns: readonly ArrayLike<number>[], strata: ArrayLike<number>, opts: { replicates?: number; seed?: number } = {}): Interval[] {
  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const members = new Map<number, number[]>();
  for (let i = 0; i < strata.length; i++) members.set(strata[i], [...(members.get(strata[i]) ?? []), i]);
  const groups = [...members.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  const rng = new Xoshiro128(opts.seed ?? BOOTSTRAP_SEED);
  const out = columns.map(() => new Float64Array(replicates));
  const sums = new Float64Array(columns.length);
  for (let r = 0; r < replicates; r++) {
    sums.fill(0);
    for (const m of groups) {
      const part = new Float64Array(columns.length);
      for (let k = 0; k < m.length; k++) {
        const i = m[rng.nextBelow(m.length)];
        for (let c = 0; c < columns.length; c++) part[c] += columns[c][i];
      }
      for (let c = 0; c < columns.length; c++) sums[c] += part[c] / m.length;
    }
    for (let c = 0; c < columns.length; c++) out[c][r] = sums[c] / groups.length;
  }
  return out.map((v) => percentileInterval(v));
}
