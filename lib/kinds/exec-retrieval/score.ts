// Scoring a submission to an execution-grounded benchmark, in memory from the stored file to
// the metrics: validating (the stored file is still the accepted one, parsed again), ranking
// (the whole corpus for every query, exactly; or the ranking file's own order), executing (each
// query's executed list through the execution cache), scoring (tie-aware metrics with bootstrap
// intervals and every per-submission analysis, lib/analysis). Nothing is written here: the
// ScoredRun's write() puts the rankings with their verdicts and the analysis in the caller's
// transaction (lib/scoring).
import { scoreAndAnalyze } from "@/lib/analysis/analyze-submission";
import type { SubmissionEvidence } from "@/lib/analysis/evidence";
import { storeSubmissionAnalysis } from "@/lib/analysis/store-analysis";
import { loadScoringContext, type ScoringContext } from "@/lib/analysis/version-context";
import type { Tx } from "@/lib/db/client";
import type { ScoredRun, ScoringInput } from "../kind";
import { distinctPairCount, executeRanked } from "./execute";
import { rankUpload, validateUpload, type QueryRanking } from "./rank";

/** Rows of the rankings table for one submission: each query's executed list with verdicts. */
export function rankingRows(ctx: ScoringContext, ranked: readonly QueryRanking[], passes: readonly boolean[][]) {
  return ctx.queries.map((q, qi) => ({
    queryDbId: q.dbId,
    topCorpusIds: Array.from(ranked[qi].top, (ci) => ctx.corpus[ci].dbId),
    topScores: Array.from(ranked[qi].scores),
    watchedCorpusIds: ranked[qi].watchedRows.map((ci) => ctx.corpus[ci].dbId),
    watchedScores: ranked[qi].watchedScores,
    passes: [...passes[qi]],
  }));
}

export function evidenceOf(ranked: readonly QueryRanking[], passes: readonly boolean[][]): SubmissionEvidence {
  return ranked.map((r, qi) => ({
    top: r.top,
    scores: r.scores,
    passes: passes[qi],
    ownScores: new Map(r.watchedRows.map((row, i) => [row, r.watchedScores[i]])),
  }));
}

export async function scoreExecRetrieval(input: ScoringInput): Promise<ScoredRun | null> {
  const { progress } = input;
  if (!(await progress.enter("validating", 0))) return null;
  const ctx = await loadScoringContext(input.versionId);
  const upload = await validateUpload(input.storageKey, input.fileSha256, input.submissionType, ctx);

  if (!(await progress.enter("ranking", ctx.queries.length))) return null;
  const ranked = rankUpload(ctx, upload, input.metadata.similarity);
  const top = ranked.map((r) => r.top);

  if (!(await progress.enter("executing", distinctPairCount(ctx, top)))) return null;
  const passes = await executeRanked(ctx, top, input.sandbox, (done, total) => progress.report(done, total));

  if (!(await progress.enter("scoring", ctx.queries.length))) return null;
  const { scored, analysis } = scoreAndAnalyze(ctx.layout, evidenceOf(ranked, passes));
  const rows = rankingRows(ctx, ranked, passes);
  return {
    metrics: scored.metrics.map((m) => ({ name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })),
    headline: { name: "exec", k: 1, label: "exec@1" },
    async write(tx: Tx, submissionId: string) {
      await tx.ranking.deleteMany({ where: { submissionId } });
      await tx.ranking.createMany({ data: rows.map((r) => ({ submissionId, ...r })) });
      await storeSubmissionAnalysis(tx, submissionId, analysis);
    },
  };
}
