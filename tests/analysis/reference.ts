// An independent, deliberately naive implementation of the per-submission analyses, for
// comparison on random benchmarks: full score matrices, explicit subset enumeration for the
// pool-density ablation and for the places a tie group gets inside the top k, and a bootstrap
// that literally redraws queries with xoshiro128**. Exactly tied scores are ordered uniformly
// at random: every figure is the expectation over those orders.
import { Xoshiro128 } from "@/lib/metrics/prng";

export interface RandomBench {
  Q: number;
  domains: string[];
  /** Per corpus row: owning query, role, bug type, code. */
  rows: { query: number; role: "canonical" | "distractor"; bugType: string | null; code: string }[];
  /** scores[q][row]; passes[q][row]. */
  scores: number[][];
  passes: boolean[][];
  /** Full ranking per query: rows by (score desc, row asc). */
  ranking: number[][];
}

const TYPES = ["off_by_one", "wrong_operator", "swap_arguments", "remove_edge_case_check", "wrong_comparison", "off_by_one_boundary", "legacy_rewrite"];

export function randomBench(seed: number, Q: number): RandomBench {
  const rng = new Xoshiro128(seed);
  const u = () => rng.nextUint32() / 2 ** 32;
  const domains = ["alpha", "beta", "gamma"];
  const rows: RandomBench["rows"] = [];
  const qDomain: string[] = [];
  for (let q = 0; q < Q; q++) {
    qDomain.push(domains[rng.nextBelow(3)]);
    const canonical = `def f${q}(x):\n    return x * ${q} + ${"a".repeat(rng.nextBelow(5))}\n`;
    rows.push({ query: q, role: "canonical", bugType: null, code: canonical });
    const n = rng.nextBelow(5); // 0..4 distractors
    for (let k = 0; k < n; k++) {
      const cut = rng.nextBelow(canonical.length);
      const insert = "z".repeat(rng.nextBelow(3) === 0 ? 25 : 1 + rng.nextBelow(6));
      rows.push({ query: q, role: "distractor", bugType: TYPES[rng.nextBelow(TYPES.length)], code: canonical.slice(0, cut) + insert + canonical.slice(cut) });
    }
  }
  // Scores quantised to 1/16 so that exact ties are common; own snippets score higher.
  const scores = Array.from({ length: Q }, (_, q) => rows.map((r) => Math.round((u() + (r.query === q ? 0.6 : 0)) * 16) / 16));
  // The own canonical passes; occasionally some other snippet passes too (a looser test suite).
  const passes = Array.from({ length: Q }, (_, q) => rows.map((r) => (r.query === q ? r.role === "canonical" : u() < 0.05)));
  const ranking = scores.map((s) => s.map((_, i) => i).sort((a, b) => s[b] - s[a] || a - b));
  return { Q, domains: qDomain, rows, scores, passes, ranking };
}

export function percentile7(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p, lo = Math.floor(h), hi = Math.min(lo + 1, s.length - 1);
  return s[lo] + (h - lo) * (s[hi] - s[lo]);
}

/** Percentile interval of `stat` over literal resamples (stat returns null to skip a replicate). */
export function bruteBootstrap(n: number, replicates: number, seed: number, stat: (draws: number[]) => number | null): [number, number] {
  const rng = new Xoshiro128(seed);
  const values: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const draws = Array.from({ length: n }, () => rng.nextBelow(n));
    const v = stat(draws);
    if (v !== null) values.push(v);
  }
  return [percentile7(values, 0.025), percentile7(values, 0.975)];
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Rank-1 chance among `rows`: the share of passing rows among those with the highest score. */
function rank1Chance(b: RandomBench, q: number, rows: number[]): number {
  const top = Math.max(...rows.map((r) => b.scores[q][r]));
  const best = rows.filter((r) => b.scores[q][r] === top);
  return best.filter((r) => b.passes[q][r]).length / best.length;
}

/** The rows tied at the top score for query q (the rank-1 group). */
export function rank1Group(b: RandomBench, q: number): number[] {
  const all = b.rows.map((_, i) => i);
  const top = Math.max(...all.map((r) => b.scores[q][r]));
  return all.filter((r) => b.scores[q][r] === top);
}

export function bruteExec1(b: RandomBench, q: number): number {
  return rank1Chance(b, q, b.rows.map((_, i) => i));
}

/**
 * Expected exec@k and execution_precision@k of query q over tie orders: strictly better rows
 * come first; the group holding rank k gives its m free places to every m-subset of its
 * members with equal probability.
 */
export function bruteAtK(b: RandomBench, q: number, k: number): { exec: number; precision: number } {
  const all = b.rows.map((_, i) => i);
  const kth = b.scores[q][b.ranking[q][Math.min(k, all.length) - 1]];
  const above = all.filter((r) => b.scores[q][r] > kth);
  const group = all.filter((r) => b.scores[q][r] === kth);
  const m = Math.min(k, all.length) - above.length;
  const abovePass = above.filter((r) => b.passes[q][r]).length;
  let exec = 0, precision = 0, subsets = 0;
  for (let mask = 0; mask < 1 << group.length; mask++) {
    if (popcount(mask) !== m) continue;
    subsets++;
    const chosenPass = group.filter((r, i) => mask & (1 << i) && b.passes[q][r]).length;
    exec += abovePass + chosenPass > 0 ? 1 : 0;
    precision += (abovePass + chosenPass) / k;
  }
  return { exec: exec / subsets, precision: precision / subsets };
}

/** Expected exec@1 of query q keeping d own distractors: every subset, re-ranked by removal. */
export function bruteExpectedExec1(b: RandomBench, q: number, d: number): number {
  const own = b.rows.map((r, i) => ({ r, i })).filter((x) => x.r.query === q && x.r.role === "distractor").map((x) => x.i);
  const n = own.length;
  if (d >= n) return bruteExec1(b, q);
  let hits = 0, subsets = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (popcount(mask) !== d) continue;
    subsets++;
    const removed = new Set(own.filter((_, k) => !(mask & (1 << k))));
    hits += rank1Chance(b, q, b.rows.map((_, i) => i).filter((row) => !removed.has(row)));
  }
  return hits / subsets;
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}
