// Every per-submission analysis of the paper beyond the headline metrics, from one
// submission's evidence. All intervals share the submission's bootstrap resamples.
import { ANALYSIS_ENGINE_VERSION } from "@/lib/metrics/scoring-engine";
import { BOOTSTRAP_METHOD, BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, type BootstrapOptions } from "@/lib/metrics/bootstrap";
import { batchEstimates, type Estimator } from "@/lib/metrics/estimates";
import { scoreQueries, type QueryScores, type ScoreResult } from "@/lib/metrics/score-queries";
import { measureDeception, type Deception } from "./deception";
import type { SubmissionEvidence } from "./evidence";
import { toQueryOutcomes } from "./query-outcomes";
import type { BenchmarkLayout } from "./layout";
import { attributeMisses, type MissAttribution } from "./miss-attribution";
import { measurePerDomain, type DomainExec } from "./per-domain";
import { measurePoolDensity, type PoolDensity } from "./pool-density";
import { rank1Members, type Rank1Member } from "./rank1";
import { measureSimilarityGap, type QueryGap, type SimilarityGap } from "./similarity-gap";
import { measureTies, type TieDiagnostics } from "./ties";

export { ANALYSIS_ENGINE_VERSION };

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface QueryRecord {
  queryId: string;
  domain: string;
  /**
   * The rank-1 tie group: one member when rank 1 is strict, else every snippet tied at the top
   * (each is rank 1 with probability 1/size). null when nothing was retrieved.
   */
  rank1: { members: Rank1Member[] } | null;
  /** Best rank a correct_corpus_id can have in the executed list (the start of its tie group), or null. */
  canonicalRank: number | null;
  /** Size of that id's tie group (1: its rank is exact). */
  canonicalTie: number;
  exec: Record<number, number>;
  executionPrecision: Record<number, number>;
  ndcg: Record<number, number>;
  gap: Without<QueryGap, "queryId">;
}

export interface SubmissionAnalysis {
  engineVersion: number;
  bootstrap: { replicates: number; seed: number; method: string };
  missAttribution: MissAttribution;
  similarityGap: Omit<SimilarityGap, "perQuery">;
  deception: Deception;
  perDomain: DomainExec[];
  poolDensity: PoolDensity;
  ties: TieDiagnostics;
  perQuery: QueryRecord[];
}

/**
 * The headline metrics and every analysis of one submission, all intervals from ONE pass over
 * the resample table (batchEstimates).
 */
export function scoreAndAnalyze(layout: BenchmarkLayout, evidence: SubmissionEvidence, opts: BootstrapOptions = {}): { scored: ScoreResult; analysis: SubmissionAnalysis } {
  const outcomes = toQueryOutcomes(layout, evidence);
  return batchEstimates(opts, (est) => {
    const scored = scoreQueries(outcomes, opts, est);
    return { scored, analysis: analyzeWith(layout, evidence, scored.perQuery, opts, est) };
  });
}

export function analyzeSubmission(
  layout: BenchmarkLayout,
  evidence: SubmissionEvidence,
  perQueryScores: readonly QueryScores[],
  opts: BootstrapOptions = {},
): SubmissionAnalysis {
  return batchEstimates(opts, (est) => analyzeWith(layout, evidence, perQueryScores, opts, est));
}

function analyzeWith(layout: BenchmarkLayout, evidence: SubmissionEvidence, perQueryScores: readonly QueryScores[], opts: BootstrapOptions, est: Estimator): SubmissionAnalysis {
  if (evidence.length !== layout.queries.length || perQueryScores.length !== layout.queries.length) {
    throw new RangeError(`evidence for ${evidence.length} and scores for ${perQueryScores.length} of ${layout.queries.length} queries`);
  }
  const measured = {
    missAttribution: attributeMisses(layout, evidence, est),
    similarityGap: measureSimilarityGap(layout, evidence, est),
    deception: measureDeception(layout, evidence, est),
    perDomain: measurePerDomain(layout, Float64Array.from(perQueryScores, (s) => s.exec[1]), est),
    poolDensity: measurePoolDensity(layout, evidence, est),
  };
  const { perQuery: gaps, ...similarityGap } = measured.similarityGap;
  const perQuery = layout.queries.map((q, qi): QueryRecord => {
    const e = evidence[qi], s = perQueryScores[qi];
    const correct = new Set(q.correctRows);
    const at = Array.from(e.top).findIndex((row) => correct.has(row));
    let first = at, last = at;
    if (at >= 0) {
      while (first > 0 && e.scores[first - 1] === e.scores[at]) first--;
      while (last + 1 < e.top.length && e.scores[last + 1] === e.scores[at]) last++;
    }
    const { queryId: _id, ...gap } = gaps[qi];
    return {
      queryId: q.queryId,
      domain: q.domain,
      rank1: e.top.length > 0 ? { members: rank1Members(layout, qi, e) } : null,
      canonicalRank: at >= 0 ? first + 1 : null,
      canonicalTie: at >= 0 ? last - first + 1 : 1,
      exec: s.exec,
      executionPrecision: s.execution_precision,
      ndcg: s.ndcg,
      gap,
    };
  });
  return {
    engineVersion: ANALYSIS_ENGINE_VERSION,
    bootstrap: { replicates: opts.replicates ?? BOOTSTRAP_REPLICATES, seed: opts.seed ?? BOOTSTRAP_SEED, method: BOOTSTRAP_METHOD },
    missAttribution: measured.missAttribution,
    similarityGap,
    deception: measured.deception,
    perDomain: measured.perDomain,
    poolDensity: measured.poolDensity,
    ties: measureTies(layout, evidence),
    perQuery,
  };
}
