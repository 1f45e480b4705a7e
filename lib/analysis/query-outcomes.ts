// Per-query inputs of exec@k / execution_precision@k / nDCG@k (lib/metrics) from the evidence:
// the pass vector of the ranked top-k and the ranks at which correct_corpus_ids appear.
import type { QueryOutcome } from "@/lib/metrics/score-queries";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";

export function toQueryOutcomes(layout: BenchmarkLayout, evidence: SubmissionEvidence): QueryOutcome[] {
  return layout.queries.map((q, qi) => {
    const e = evidence[qi];
    const correct = new Set(q.correctRows);
    const canonicalRanks: number[] = [];
    for (let r = 0; r < e.top.length; r++) if (correct.has(e.top[r])) canonicalRanks.push(r + 1);
    return { queryId: q.queryId, passes: e.passes, canonicalRanks, relevantCount: Math.max(1, q.correctRows.length) };
  });
}
