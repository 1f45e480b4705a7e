// The paired test behind every exec@k comparison: the two-sided paired sign-flip (Fisher
// randomization) test on per-query differences d_i = a_i - b_i (Fisher 1935; recommended for
// IR evaluation by Smucker, Allan & Carterette, CIKM 2007).
//
// Under H0 (the two systems are exchangeable on every query) each d_i is as likely to have
// been -d_i, so the statistic S = sum d_i is compared with its distribution over all 2^n sign
// vectors: p = P(|S*| >= |S_obs|). Tie-aware exec@k values are fractions, which McNemar's test
// cannot take; for 0/1 values this test IS the exact McNemar test (S* = 2X - n_discordant with
// X ~ Binomial(n_discordant, 1/2)), so binary comparisons keep the paper's p-values.
//
// How p is computed:
// - exact: the differences are exact rationals; on the grid of their common denominator L every
//   |d_i| is an integer number of units, and the distribution of S is built by convolving, for
//   each distinct unit size u met c times, the law of u (2 Binomial(c, 1/2) - c). Comparisons
//   are between integers, so ties with the observed |S| are counted exactly.
// - monte-carlo: when the grid would be too large (many different tie-group sizes), 100,000
//   seeded random sign vectors, p = (1 + #{|S*| >= |S_obs|}) / (1 + B), which is itself a valid
//   (never anti-conservative) p-value of the same test.
import { mcnemarExact } from "./mcnemar";
import { Xoshiro128 } from "./prng";
import type { Rational } from "./tie-aware";

export const SIGN_FLIP_METHOD_EXACT = "exact";
export const SIGN_FLIP_METHOD_MONTE_CARLO = "monte-carlo";
export type SignFlipMethod = typeof SIGN_FLIP_METHOD_EXACT | typeof SIGN_FLIP_METHOD_MONTE_CARLO;

export const SIGN_FLIP_MONTE_CARLO_FLIPS = 100_000;
export const SIGN_FLIP_SEED = 20261201;
/** Largest grid (units on each side of 0) and work (cell updates) for the exact computation. */
const MAX_GRID_UNITS = 1 << 22;
const MAX_EXACT_WORK = 400_000_000;

export interface SignFlipResult {
  pValue: number;
  method: SignFlipMethod;
  /** Queries with a non-zero difference. */
  informative: number;
}

function gcdNumber(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function bgcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

function difference(a: Rational, b: Rational): { num: bigint; den: bigint } {
  if (a.den === b.den) {
    // The common case (0/1 values, or the same tie shape): no cross products needed.
    const num = a.num - b.num;
    if (num === 0) return { num: 0n, den: 1n };
    const g = gcdNumber(Math.abs(num), a.den);
    return { num: BigInt(num / g), den: BigInt(a.den / g) };
  }
  const num = BigInt(a.num) * BigInt(b.den) - BigInt(b.num) * BigInt(a.den);
  const den = BigInt(a.den) * BigInt(b.den);
  if (num === 0n) return { num: 0n, den: 1n };
  const g = bgcd(num < 0n ? -num : num, den);
  return { num: num / g, den: den / g };
}

/** log C(n, j) - n log 2 for j = 0..n, as probabilities. */
function binomialHalfPmf(n: number): Float64Array {
  const log = new Float64Array(n + 1);
  for (let j = 1; j <= n; j++) log[j] = log[j - 1] + Math.log(n - j + 1) - Math.log(j);
  const out = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) out[j] = Math.exp(log[j] - n * Math.LN2);
  return out;
}

function exactOnGrid(units: Map<number, number>, observed: number, total: number): number {
  const size = 2 * total + 1;
  let dist = new Float64Array(size);
  dist[total] = 1;
  let reach = 0;
  // Small steps first keeps the occupied range narrow while most of the work is done.
  for (const [u, c] of [...units].sort((x, y) => x[0] - y[0])) {
    const pmf = binomialHalfPmf(c);
    const next = new Float64Array(size);
    for (let s = total - reach; s <= total + reach; s++) {
      const w = dist[s];
      if (w === 0) continue;
      for (let j = 0; j <= c; j++) next[s + u * (2 * j - c)] += w * pmf[j];
    }
    dist = next;
    reach += u * c;
  }
  const bar = Math.abs(observed);
  let p = 0;
  for (let s = 0; s < size; s++) if (Math.abs(s - total) >= bar) p += dist[s];
  return Math.min(1, p);
}

function monteCarlo(diffs: readonly number[], observed: number, flips: number, seed: number): number {
  const rng = new Xoshiro128(seed);
  const bar = Math.abs(observed) * (1 - 1e-12);
  let extreme = 0;
  let bits = 0, left = 0;
  for (let b = 0; b < flips; b++) {
    let s = 0;
    for (const d of diffs) {
      if (left === 0) {
        bits = rng.nextUint32();
        left = 32;
      }
      s += bits & 1 ? d : -d;
      bits >>>= 1;
      left--;
    }
    if (Math.abs(s) >= bar) extreme++;
  }
  return (1 + extreme) / (1 + flips);
}

/** Two-sided paired sign-flip test of A against B on the same queries (exact values per query). */
export function signFlipTest(a: readonly Rational[], b: readonly Rational[], opts: { flips?: number; seed?: number } = {}): SignFlipResult {
  if (a.length !== b.length) throw new RangeError(`paired test needs one value per query on both sides, got ${a.length} and ${b.length}`);
  const diffs = [];
  for (let i = 0; i < a.length; i++) {
    const d = difference(a[i], b[i]);
    if (d.num !== 0n) diffs.push(d);
  }
  if (diffs.length === 0) return { pValue: 1, method: SIGN_FLIP_METHOD_EXACT, informative: 0 };
  if (diffs.every((d) => d.den === 1n && (d.num === 1n || d.num === -1n))) {
    // 0/1 outcomes: the sign-flip test is the exact McNemar test on the discordant counts.
    const up = diffs.filter((d) => d.num === 1n).length;
    return { pValue: mcnemarExact(up, diffs.length - up), method: SIGN_FLIP_METHOD_EXACT, informative: diffs.length };
  }

  let lcm = 1n;
  for (const d of diffs) {
    lcm = (lcm / bgcd(lcm, d.den)) * d.den;
    if (lcm > BigInt(MAX_GRID_UNITS)) break;
  }
  if (lcm <= BigInt(MAX_GRID_UNITS)) {
    const units = new Map<number, number>();
    let total = 0, observed = 0;
    for (const d of diffs) {
      const u = Number(((d.num < 0n ? -d.num : d.num) * lcm) / d.den);
      units.set(u, (units.get(u) ?? 0) + 1);
      total += u;
      observed += d.num < 0n ? -u : u;
    }
    let work = 0, reach = 0;
    for (const [u, c] of [...units].sort((x, y) => x[0] - y[0])) {
      work += (2 * reach + 1) * (c + 1);
      reach += u * c;
    }
    if (total <= MAX_GRID_UNITS && work <= MAX_EXACT_WORK) {
      return { pValue: exactOnGrid(units, observed, total), method: SIGN_FLIP_METHOD_EXACT, informative: diffs.length };
    }
  }
  const values = diffs.map((d) => Number(d.num) / Number(d.den));
  const observed = values.reduce((s, v) => s + v, 0);
  const pValue = monteCarlo(values, observed, opts.flips ?? SIGN_FLIP_MONTE_CARLO_FLIPS, opts.seed ?? SIGN_FLIP_SEED);
  return { pValue, method: SIGN_FLIP_METHOD_MONTE_CARLO, informative: diffs.length };
}

/**
 * Expected discordant counts under independent uniform tie orders: E[A solves, B does not] =
 * sum a_i (1 - b_i), and the reverse. For 0/1 values these are McNemar's b and c; their
 * difference is always n (mean A - mean B).
 */
export function expectedDiscordance(a: ArrayLike<number>, b: ArrayLike<number>): { aOnly: number; bOnly: number } {
  let aOnly = 0, bOnly = 0;
  for (let i = 0; i < a.length; i++) {
    aOnly += a[i] * (1 - b[i]);
    bOnly += b[i] * (1 - a[i]);
  }
  return { aOnly, bOnly };
}
