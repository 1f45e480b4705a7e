// Rank-1 miss attribution (paper §5.2, Table 3): of the queries whose rank-1 snippet fails,
// how many rank-1s are one of the query's own distractors rather than unrelated code.
import type { Estimator } from "@/lib/metrics/estimates";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { statOf, type Stat } from "./stat";

/** What sits at rank 1 of a query: a passing snippet, or which kind of failing one. */
export type Rank1Kind = "pass" | "own_distractor" | "own_canonical" | "other_canonical" | "other_distractor" | "none";

export function classifyRank1(layout: BenchmarkLayout, qi: number, top: ArrayLike<number>, passes: readonly boolean[]): Rank1Kind {
  if (top.length === 0) return "none";
  if (passes[0]) return "pass";
  const item = layout.corpus[top[0]];
  const own = item.queryIndex === qi;
  if (item.role === "distractor") return own ? "own_distractor" : "other_distractor";
  return own ? "own_canonical" : "other_canonical";
}

export interface MissAttribution {
  queries: number;
  /** miss@1: queries whose rank-1 snippet fails (or that retrieved nothing). */
  misses: number;
  ownDistractor: number;
  /** A query's own canonical failing its tests cannot happen in a verified benchmark; counted, not hidden. */
  ownCanonical: number;
  otherCanonical: number;
  otherDistractor: number;
  /** Queries for which nothing was retrieved (an empty corpus); they count as misses. */
  nothingRetrieved: number;
  /** ownDistractor / misses, interval over resampled queries. */
  ownDistractorShare: Stat;
}

export function attributeMisses(layout: BenchmarkLayout, evidence: SubmissionEvidence, est: Estimator): MissAttribution {
  const kinds = evidence.map((e, qi) => classifyRank1(layout, qi, e.top, e.passes));
  const count = (k: Rank1Kind) => kinds.filter((x) => x === k).length;
  const miss = Float64Array.from(kinds, (k) => (k === "pass" ? 0 : 1));
  const own = Float64Array.from(kinds, (k) => (k === "own_distractor" ? 1 : 0));
  const [share] = est.ratio([{ num: own, den: miss }]);
  return {
    queries: kinds.length,
    misses: kinds.length - count("pass"),
    ownDistractor: count("own_distractor"),
    ownCanonical: count("own_canonical"),
    otherCanonical: count("other_canonical"),
    otherDistractor: count("other_distractor"),
    nothingRetrieved: count("none"),
    ownDistractorShare: statOf(share, "no query misses at rank 1"),
  };
}
