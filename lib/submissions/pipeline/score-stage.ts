import { scoreAndAnalyze } from "@/lib/analysis/analyze-submission";
import { evidenceFromRankings, loadStoredRankings } from "@/lib/analysis/load-evidence";
import { storePasses, storeSubmissionAnalysis } from "@/lib/analysis/store-analysis";
import { db } from "@/lib/db/client";
import { recordScoredEvaluation } from "@/lib/provenance/record-scored-evaluation";
import { transition } from "../status";
import type { ScoringContext } from "./load-scoring-context";
import type { RankedTop } from "./rank-stage";

class AlreadyFinal extends Error {}

// Scoring: per-query outcomes → metrics with bootstrap intervals and every per-submission
// analysis (lib/analysis), written together with the pass vectors and the `scored` status in
// one transaction, which also closes the run's evaluation with its metrics and provenance
// (lib/provenance). Returns false (and writes nothing) when the submission was finalised by
// someone else meanwhile.
export async function scoreAndStore(submissionId: string, ctx: ScoringContext, top: RankedTop, passes: boolean[][]): Promise<boolean> {
  // The own snippets' scores were stored by the rank stage; top and passes are this run's.
  const stored = await loadStoredRankings(submissionId);
  const byQuery = new Map(stored.map((r) => [r.queryDbId, r]));
  const evidence = evidenceFromRankings(
    ctx,
    ctx.queries.map((q, qi) => ({ ...byQuery.get(q.dbId)!, queryDbId: q.dbId, topCorpusIds: Array.from(top[qi], (ci) => ctx.corpus[ci].dbId), passes: passes[qi] })),
  );
  const { scored, analysis } = scoreAndAnalyze(ctx.layout, evidence);
  const exec1 = scored.metrics.find((m) => m.name === "exec" && m.k === 1);
  return db()
    .$transaction(
      async (tx) => {
        await storePasses(tx, submissionId, ctx.queries.map((q, qi) => ({ queryDbId: q.dbId, passes: passes[qi] })));
        await tx.metric.deleteMany({ where: { submissionId } });
        await tx.metric.createMany({
          data: scored.metrics.map((m) => ({ submissionId, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })),
        });
        await storeSubmissionAnalysis(tx, submissionId, analysis);
        const moved = await transition(submissionId, "scored", { message: exec1 ? `exec@1 = ${exec1.value.toFixed(3)}` : undefined }, tx);
        if (!moved) throw new AlreadyFinal();
        await recordScoredEvaluation(tx, submissionId, scored.metrics);
      },
      { timeout: 60_000 },
    )
    .then(
      () => true,
      (e) => {
        if (e instanceof AlreadyFinal) return false;
        throw e;
      },
    );
}
