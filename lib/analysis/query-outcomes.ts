// Per-query inputs of exec@k / execution_precision@k / nDCG@k (lib/metrics) from the evidence:
// the ranked list with each snippet's score, verdict and whether it is a correct id.
import type { QueryOutcome } from "@/lib/metrics/score-queries";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";

export function toQueryOutcomes(layout: BenchmarkLayout, evidence: SubmissionEvidence): QueryOutcome[] {
  return layout.queries.map((q, qi) => {
    const e = evidence[qi];
    const correct = new Set(q.correctRows);
    const ranked = Array.from(e.top, (row, i) => ({ score: e.scores[i], passes: e.passes[i] ?? false, relevant: correct.has(row) }));
    return { queryId: q.queryId, ranked, relevantCount: Math.max(1, q.correctRows.length) };
  });
}
