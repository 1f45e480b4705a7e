// Rank-1 miss attribution (paper §5.2, Table 3): of the queries whose rank-1 snippet fails,
// how many rank-1s are one of the query's own distractors rather than unrelated code. With a tie
// at rank 1 each member of the group is rank 1 with probability 1/g, so the counts are
// expectations (fractions of a query), by the same law as exec@1.
import type { Estimator } from "@/lib/metrics/estimates";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { rank1Members, rank1Shares, type Rank1Kind } from "./rank1";
import { statOf, type Stat } from "./stat";

export type { Rank1Kind } from "./rank1";

export interface MissAttribution {
  queries: number;
  /** miss@1: expected number of queries whose rank-1 snippet fails (or that retrieved nothing). */
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
  const shares = evidence.map((e, qi) => rank1Shares(rank1Members(layout, qi, e)));
  const total = (k: Rank1Kind) => shares.reduce((s, x) => s + x[k], 0);
  const miss = Float64Array.from(shares, (x) => 1 - x.pass);
  const own = Float64Array.from(shares, (x) => x.own_distractor);
  const [share] = est.ratio([{ num: own, den: miss }]);
  return {
    queries: shares.length,
    misses: miss.reduce((s, x) => s + x, 0),
    ownDistractor: total("own_distractor"),
    ownCanonical: total("own_canonical"),
    otherCanonical: total("other_canonical"),
    otherDistractor: total("other_distractor"),
    nothingRetrieved: total("none"),
    ownDistractorShare: statOf(share, "no query misses at rank 1"),
  };
}
