// Paired comparisons of two systems on one metric over the same samples, as on the first track:
// the two-sided paired sign-flip (randomization) test and a paired bootstrap interval of the
// difference. For repository-equal weighting each sample's difference is weighted by
// 1/(repositories × samples of its repository), so the statistic is the difference of the
// repository-equal means.
//
// The per-sample values here are tie-aware expectations (floats with no small common grid),
// so the test's distribution is enumerated exactly over all 2^m sign vectors of the m samples
// that differ when m <= EXACT_MAX, and otherwise estimated from SIGN_FLIP_MONTE_CARLO_FLIPS
// seeded random sign vectors with p = (1 + #extreme)/(1 + B), a valid p-value of the same test.
// |S*| >= |S_obs| is decided with a relative tolerance of 1e-9, so that sums equal in exact
// arithmetic but not in float64 count as equal.
import { bootstrapReplicateMeans, percentileInterval } from "@/lib/metrics/bootstrap";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { SIGN_FLIP_MONTE_CARLO_FLIPS, SIGN_FLIP_SEED } from "@/lib/metrics/sign-flip";
import { stratifiedIntervals } from "./stratified-bootstrap";

export const EXACT_MAX = 20;

export interface PairedResult {
  delta: number;
  ciLow: number;
  ciHigh: number;
  pValue: number;
  method: "exact" | "monte-carlo";
  /** Samples where the two differ. */
  informative: number;
}

export function signFlipFloat(d: readonly number[]): { pValue: number; method: "exact" | "monte-carlo"; informative: number } {
  const x = d.filter((v) => v !== 0);
  const m = x.length;
  if (m === 0) return { pValue: 1, method: "exact", informative: 0 };
  const obs = Math.abs(x.reduce((a, b) => a + b, 0));
  const scale = x.reduce((a, b) => a + Math.abs(b), 0);
  const tol = 1e-9 * scale;
  if (m <= EXACT_MAX) {
    // Gray-code walk over every sign vector: one change per step.
    let s = x.reduce((a, b) => a + b, 0), extreme = 0;
    const signs = new Int8Array(m).fill(1);
    const total = 2 ** m;
    for (let k = 0; k < total; k++) {
      if (Math.abs(s) >= obs - tol) extreme++;
      if (k + 1 === total) break;
      let bit = 0;
      while ((((k + 1) >> bit) & 1) === 0) bit++;
      s -= 2 * signs[bit] * x[bit];
      signs[bit] = -signs[bit] as 1 | -1;
    }
    return { pValue: extreme / total, method: "exact", informative: m };
  }
  const rng = new Xoshiro128(SIGN_FLIP_SEED);
  let extreme = 0;
  for (let b = 0; b < SIGN_FLIP_MONTE_CARLO_FLIPS; b++) {
    let s = 0;
    for (let i = 0; i < m; i++) s += rng.nextBelow(2) ? x[i] : -x[i];
    if (Math.abs(s) >= obs - tol) extreme++;
  }
  return { pValue: (1 + extreme) / (1 + SIGN_FLIP_MONTE_CARLO_FLIPS), method: "monte-carlo", informative: m };
}

/** a and b: per-sample values in the same sample order; strata: repository index of each sample. */
export function pairedComparison(a: readonly number[], b: readonly number[], strata: ArrayLike<number>, weighting: "sample" | "repo"): PairedResult {
  const n = a.length;
  const diff = a.map((v, i) => v - b[i]);
  let weights: number[];
  if (weighting === "repo") {
    const size = new Map<number, number>();
    for (let i = 0; i < n; i++) size.set(strata[i], (size.get(strata[i]) ?? 0) + 1);
    weights = Array.from({ length: n }, (_, i) => 1 / (size.size * size.get(strata[i])!));
  } else weights = new Array(n).fill(1 / n);
  const delta = diff.reduce((s, d, i) => s + d * weights[i], 0);
  const test = signFlipFloat(diff.map((d, i) => d * weights[i]));
  let ci: { low: number; high: number };
  if (weighting === "repo") ci = stratifiedIntervals([Float64Array.from(diff)], strata)[0];
  else ci = percentileInterval(bootstrapReplicateMeans([Float64Array.from(diff)])[0]);
  return { delta, ciLow: ci.low, ciHigh: ci.high, ...test };
}
