// Scores one submission: per-query metrics, their unweighted means over queries (§4.1) and
// 95% bootstrap intervals (§4.2). All metrics share the same resamples (see bootstrap.ts).
// Per-query values are expectations over the orders of exactly tied snippets (tie-aware.ts),
// so they are fractions in [0, 1]; means and intervals take them as they are.
import { AppError } from "@/lib/errors/app-error";
import { BOOTSTRAP_METHOD, BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED } from "./bootstrap";
import { directEstimator, type Estimator } from "./estimates";
import { METRIC_KS } from "./per-query-metrics";
import { execAtKExact, executionPrecisionAtK, ndcgAtK, type RankedCandidate, type Rational } from "./tie-aware";

export type MetricName = "exec" | "execution_precision" | "ndcg";
export const METRIC_NAMES: readonly MetricName[] = ["exec", "execution_precision", "ndcg"];

export interface QueryOutcome {
  queryId: string;
  /**
   * The ranked list, descending score, complete through the end of the tie group holding the
   * largest k (the top 10 and every snippet tied with the 10th).
   */
  ranked: readonly RankedCandidate[];
  /** Number of correct_corpus_ids (at least 1). */
  relevantCount: number;
}

export interface MetricSummary {
  name: MetricName;
  k: number;
  /** Unweighted mean over queries. */
  value: number;
  ciLow: number;
  ciHigh: number;
}

export interface QueryScores {
  queryId: string;
  /** Expected exec@k (a probability over tie orders). */
  exec: Record<number, number>;
  /** The same as exact fractions, for the paired test (lib/metrics/sign-flip.ts). */
  execExact: Record<number, Rational>;
  execution_precision: Record<number, number>;
  ndcg: Record<number, number>;
}

export interface ScoreOptions {
  ks?: readonly number[];
  replicates?: number;
  seed?: number;
}

export interface ScoreResult {
  /** Ordered by family (exec, execution_precision, ndcg), then k ascending. */
  metrics: MetricSummary[];
  perQuery: QueryScores[];
  bootstrap: { replicates: number; seed: number; method: string };
}

/** `est`: where the intervals come from (a batch shared with other statistics, or immediate). */
export function scoreQueries(outcomes: readonly QueryOutcome[], opts: ScoreOptions = {}, est?: Estimator): ScoreResult {
  const ks = opts.ks ?? METRIC_KS;
  const replicates = opts.replicates ?? BOOTSTRAP_REPLICATES;
  const seed = opts.seed ?? BOOTSTRAP_SEED;
  const perQuery = scorePerQuery(outcomes, ks);

  const keys = METRIC_NAMES.flatMap((name) => ks.map((k) => ({ name, k })));
  const columns = keys.map(({ name, k }) => Float64Array.from(perQuery, (row) => row[name][k]));
  const estimates = (est ?? directEstimator({ replicates, seed })).mean(columns);
  const metrics = keys.map(({ name, k }, m) => ({
    name,
    k,
    value: mean(columns[m]),
    ciLow: estimates[m].ci95[0],
    ciHigh: estimates[m].ci95[1],
  }));
  return { metrics, perQuery, bootstrap: { replicates, seed, method: BOOTSTRAP_METHOD } };
}

/** Per-query exec@k, execution_precision@k and nDCG@k, without intervals. */
export function scorePerQuery(outcomes: readonly QueryOutcome[], ks: readonly number[] = METRIC_KS): QueryScores[] {
  if (outcomes.length === 0) throw new AppError("BAD_REQUEST", "cannot score a submission without queries");
  const seen = new Set<string>();
  for (const o of outcomes) {
    if (seen.has(o.queryId)) throw new AppError("BAD_REQUEST", `query ${o.queryId} is scored twice`);
    seen.add(o.queryId);
  }
  return outcomes.map((o) => {
    const row: QueryScores = { queryId: o.queryId, exec: {}, execExact: {}, execution_precision: {}, ndcg: {} };
    for (const k of ks) {
      const exact = execAtKExact(o.ranked, k);
      row.execExact[k] = exact;
      row.exec[k] = exact.num / exact.den;
      row.execution_precision[k] = executionPrecisionAtK(o.ranked, k);
      row.ndcg[k] = ndcgAtK(o.ranked, k, o.relevantCount);
    }
    return row;
  });
}

// Summed in query order, so the point estimate does not depend on anything but the input.
function mean(values: Float64Array): number {
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}
