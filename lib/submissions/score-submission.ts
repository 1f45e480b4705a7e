import { db } from "@/lib/db/client";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { pairKey, runPairsCached } from "@/lib/execution/run-cached";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { rankCorpus } from "@/lib/retrieval/rank";
import type { Sandbox } from "@/lib/sandbox/types";
import { getFile } from "@/lib/storage/file-store";
import { loadScoringContext } from "./load-scoring-context";
import { isFinal, reportProgress, transition } from "./status";

const TOP_K = 10;

export type ScoreOutcome = "scored" | "skipped";

// The pipeline behind a score-submission job: validate → rank → execute → score. Safe to run
// again after a crash at any point: rankings are replaced, executions come from the cache,
// and the final write (metrics + status) is one transaction. A submission already final is
// left alone.
export async function scoreSubmission(submissionId: string, sandbox: Sandbox): Promise<ScoreOutcome> {
  const sub = await db().submission.findUnique({
    where: { id: submissionId },
    select: { id: true, status: true, versionId: true, storageKey: true, similarity: true },
  });
  if (!sub || isFinal(sub.status)) return "skipped";

  // validating
  if (!(await transition(sub.id, "validating"))) return "skipped";
  const ctx = await loadScoringContext(sub.versionId);
  const file = await getFile(sub.storageKey);
  const matrices = validateSubmissionNpz(file, {
    queryIds: ctx.queries.map((q) => q.queryId),
    corpusIds: ctx.corpus.map((c) => c.corpusId),
  });

  // ranking
  if (!(await transition(sub.id, "ranking", { progressTotal: ctx.queries.length }))) return "skipped";
  const ranked = rankCorpus({
    queries: matrices.queries,
    corpus: matrices.corpus,
    dims: matrices.dims,
    similarity: sub.similarity,
    k: TOP_K,
    watch: ctx.queries.map((q) => q.own),
  });
  await db().$transaction([
    db().ranking.deleteMany({ where: { submissionId: sub.id } }),
    db().ranking.createMany({
      data: ctx.queries.map((q, qi) => ({
        submissionId: sub.id,
        queryDbId: q.dbId,
        topCorpusIds: Array.from(ranked.top[qi], (ci) => ctx.corpus[ci].dbId),
        topScores: Array.from(ranked.scores[qi]),
        watchedCorpusIds: q.own.map((ci) => ctx.corpus[ci].dbId),
        watchedScores: Array.from(ranked.watched[qi]),
        passes: [],
      })),
    }),
  ]);

  // executing
  const pairs = ctx.queries.flatMap((q, qi) => Array.from(ranked.top[qi], (ci) => ({ code: ctx.corpus[ci].code, tests: q.tests })));
  const distinct = new Set(pairs.map((p) => pairKey(p.code, p.tests))).size;
  if (!(await transition(sub.id, "executing", { progressTotal: distinct }))) return "skipped";
  let lastReport = 0;
  const verdicts = await runPairsCached(pairs, {
    sandbox,
    onProgress: async (done, total) => {
      const now = Date.now();
      if (done === total || now - lastReport > 500) {
        lastReport = now;
        await reportProgress(sub.id, done, total);
      }
    },
  });
  const passes = ctx.queries.map((q, qi) =>
    Array.from(ranked.top[qi], (ci) => verdicts.get(pairKey(ctx.corpus[ci].code, q.tests))!.passed),
  );

  // scoring
  if (!(await transition(sub.id, "scoring", { progressTotal: ctx.queries.length }))) return "skipped";
  const scored = scoreQueries(
    ctx.queries.map((q, qi) => ({
      queryId: q.queryId,
      passes: passes[qi],
      canonicalRanks: Array.from(ranked.top[qi])
        .map((ci, r) => (q.correctCorpusIds.includes(ctx.corpus[ci].corpusId) ? r + 1 : 0))
        .filter((r) => r > 0),
      relevantCount: q.correctCorpusIds.length,
    })),
  );
  const exec1 = scored.metrics.find((m) => m.name === "exec" && m.k === 1);
  const done = await db().$transaction(async (tx) => {
    for (const [qi, q] of ctx.queries.entries()) {
      await tx.ranking.update({
        where: { submissionId_queryDbId: { submissionId: sub.id, queryDbId: q.dbId } },
        data: { passes: passes[qi] },
      });
    }
    await tx.metric.deleteMany({ where: { submissionId: sub.id } });
    await tx.metric.createMany({
      data: scored.metrics.map((m) => ({ submissionId: sub.id, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })),
    });
    const moved = await transition(sub.id, "scored", { message: exec1 ? `exec@1 = ${exec1.value.toFixed(3)}` : undefined }, tx);
    // Someone else finalised it meanwhile: roll back rather than overwrite their result.
    if (!moved) throw new AlreadyFinal();
  }, { timeout: 60_000 }).then(
    () => true,
    (e) => {
      if (e instanceof AlreadyFinal) return false;
      throw e;
    },
  );
  return done ? "scored" : "skipped";
}

class AlreadyFinal extends Error {}
