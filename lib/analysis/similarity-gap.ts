// Canonical-vs-best-distractor similarity gap (paper §5.4, Figure 4): per query, the canonical's
// score minus the highest score among its mechanical distractors. Reported: the share of
// queries where the canonical scores strictly below at least one of them (gap < 0), and the
// median and mean gap, over the queries that have at least one mechanical distractor.
import type { Estimator } from "@/lib/metrics/estimates";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { canonicalScore } from "./own-scores";
import { notAvailable, statOf, type Stat } from "./stat";

export type QueryGap =
  | { queryId: string; status: "scored"; canonical: number; bestDistractor: number; bestDistractorId: string; gap: number }
  | { queryId: string; status: "not_applicable"; reason: string }
  | { queryId: string; status: "not_available"; reason: string };

export interface SimilarityGap {
  /** Queries with a canonical and at least one mechanical distractor. */
  eligibleQueries: number;
  /** Eligible queries for which every needed score exists. */
  scoredQueries: number;
  canonicalBelowShare: Stat;
  medianGap: Stat;
  meanGap: Stat;
  perQuery: QueryGap[];
}

export function gapForQuery(layout: BenchmarkLayout, qi: number, evidence: SubmissionEvidence): QueryGap {
  const q = layout.queries[qi], e = evidence[qi];
  const rows = q.distractorRows.filter((r) => layout.corpus[r].mechanical);
  const canon = canonicalScore(q, e);
  if (canon.kind === "no_canonical") return { queryId: q.queryId, status: "not_applicable", reason: "the query has no canonical" };
  if (rows.length === 0) return { queryId: q.queryId, status: "not_applicable", reason: "the query has no mechanical distractor" };
  if (canon.kind === "unscored") {
    return { queryId: q.queryId, status: "not_available", reason: `no score for the canonical ${layout.corpus[canon.row].corpusId}` };
  }
  let best = -Infinity, bestRow = -1;
  for (const r of rows) {
    const s = e.ownScores.get(r);
    if (s === undefined) return { queryId: q.queryId, status: "not_available", reason: `no score for the distractor ${layout.corpus[r].corpusId}` };
    // Strictly greater: among equal scores the first distractor in corpus order is named.
    if (s > best) [best, bestRow] = [s, r];
  }
  return { queryId: q.queryId, status: "scored", canonical: canon.score, bestDistractor: best, bestDistractorId: layout.corpus[bestRow].corpusId, gap: canon.score - best };
}

export function measureSimilarityGap(layout: BenchmarkLayout, evidence: SubmissionEvidence, est: Estimator): SimilarityGap {
  const perQuery = layout.queries.map((_, qi) => gapForQuery(layout, qi, evidence));
  const eligible = perQuery.filter((g) => g.status !== "not_applicable").length;
  const scored = perQuery.filter((g) => g.status === "scored").length;
  const base = { eligibleQueries: eligible, scoredQueries: scored, perQuery };
  if (eligible === 0) {
    const none = notAvailable("no query has both a canonical and a mechanical distractor");
    return { ...base, canonicalBelowShare: none, medianGap: none, meanGap: none };
  }
  if (scored < eligible) {
    // Dropping unscored queries would select on the system's own behaviour, so no aggregate.
    const missing = notAvailable(`${eligible - scored} of ${eligible} queries lack a canonical or distractor score`);
    return { ...base, canonicalBelowShare: missing, medianGap: missing, meanGap: missing };
  }
  const gaps = Float64Array.from(perQuery, (g) => (g.status === "scored" ? g.gap : 0));
  const inSet = perQuery.map((g) => g.status === "scored");
  const one = Float64Array.from(inSet, (b) => (b ? 1 : 0));
  const below = Float64Array.from(perQuery, (g) => (g.status === "scored" && g.gap < 0 ? 1 : 0));
  const [share, mean] = est.ratio([{ num: below, den: one }, { num: gaps, den: one }]);
  return {
    ...base,
    canonicalBelowShare: statOf(share, "no scored query"),
    medianGap: statOf(est.median(gaps, inSet), "no scored query"),
    meanGap: statOf(mean, "no scored query"),
  };
}
