// Recomputes every cross-submission statistic of a benchmark version from its published
// submissions' stored rankings: paired comparisons, per-query difficulty, tie groups. Also
// computes any published submission's own analysis that is missing, when its results come from
// the current scoring engine. Results of an older engine are never reinterpreted (their stored
// lists may end inside a tie group at rank 10): they are re-scored (lib/rescore), and until then
// the statistics name them as provisional (`provisional` in the payload).
// Idempotent; written in one transaction under a per-version advisory lock, and only if the
// published set is still the one the statistics describe (otherwise a newer job will run).
import { ANALYSIS_ENGINE_VERSION, scoreAndAnalyze, type SubmissionAnalysis } from "@/lib/analysis/analyze-submission";
import { evidenceFromRankings, loadStoredRankingsOf } from "@/lib/analysis/load-evidence";
import { toQueryOutcomes } from "@/lib/analysis/query-outcomes";
import { storeSubmissionAnalysis } from "@/lib/analysis/store-analysis";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { scorePerQuery } from "@/lib/metrics/score-queries";
import { loadScoringContext } from "@/lib/analysis/version-context";
import { compareSystems } from "./compare-systems";
import { listPublishedInOrder, publishedSetKey } from "./list-published";
import { storePairwise } from "./store-pairwise";
import { toSystemScores } from "./system-scores";
import { lockVersionStatistics } from "./version-statistics-lock";

export interface RecomputeResult {
  versionId: number;
  status: "written" | "superseded";
  systems: number;
  pairs: number;
  analysesRefreshed: number;
  setKey: string;
}

export async function recomputeVersionAnalysis(versionId: number): Promise<RecomputeResult> {
  const published = await listPublishedInOrder(versionId);
  const ids = published.map((p) => p.submissionId);
  const setKey = publishedSetKey(ids);
  const ctx = await loadScoringContext(versionId);
  const [bySubmission, analyses, engines] = await Promise.all([
    loadStoredRankingsOf(ids),
    db().submissionAnalysis.findMany({ where: { submissionId: { in: ids } }, select: { submissionId: true, engineVersion: true } }),
    db().submission.findMany({ where: { id: { in: ids } }, select: { id: true, currentEvaluation: { select: { scoringEngine: true } } } }),
  ]);
  const current = new Set(analyses.filter((a) => a.engineVersion === ANALYSIS_ENGINE_VERSION).map((a) => a.submissionId));
  const outdated = new Set(engines.filter((e) => e.currentEvaluation?.scoringEngine !== ANALYSIS_ENGINE_VERSION).map((e) => e.id));

  const refreshed: { submissionId: string; analysis: SubmissionAnalysis }[] = [];
  const systems = ids.map((id) => {
    const evidence = evidenceFromRankings(ctx, bySubmission.get(id)!);
    if (!current.has(id) && !outdated.has(id)) {
      const { scored, analysis } = scoreAndAnalyze(ctx.layout, evidence);
      refreshed.push({ submissionId: id, analysis });
      return toSystemScores(id, scored.perQuery);
    }
    return toSystemScores(id, scorePerQuery(toQueryOutcomes(ctx.layout, evidence)));
  });
  const comparison = compareSystems(ctx.queries.map((q) => q.queryId), systems);
  const payload = {
    bootstrap: comparison.bootstrap,
    difficulty: comparison.difficulty,
    tieGroups: comparison.tieGroups,
    provisional: ids.filter((id) => outdated.has(id)),
  } as unknown as Prisma.InputJsonValue;

  const status = await db().$transaction(
    async (tx) => {
      await lockVersionStatistics(tx, versionId);
      const now = (await listPublishedInOrder(versionId, tx)).map((p) => p.submissionId);
      if (publishedSetKey(now) !== setKey) return "superseded" as const;
      for (const a of refreshed) await storeSubmissionAnalysis(tx, a.submissionId, a.analysis);
      await storePairwise(tx, versionId, comparison.pairs);
      await tx.versionAnalysis.upsert({
        where: { versionId },
        create: { versionId, engineVersion: ANALYSIS_ENGINE_VERSION, submissionIds: ids, payload },
        update: { engineVersion: ANALYSIS_ENGINE_VERSION, submissionIds: ids, payload, computedAt: new Date() },
      });
      return "written" as const;
    },
    { timeout: 120_000 },
  );
  return { versionId, status, systems: ids.length, pairs: comparison.pairs.length / 12, analysesRefreshed: status === "written" ? refreshed.length : 0, setKey };
}
