import { db } from "@/lib/db/client";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { transition } from "../status";
import type { ScoringContext } from "./load-scoring-context";
import type { RankedTop } from "./rank-stage";

class AlreadyFinal extends Error {}

// Scoring: per-query outcomes → metrics with bootstrap intervals, written together with the
// pass vectors and the `scored` status in one transaction. Returns false (and writes nothing)
// when the submission was finalised by someone else meanwhile.
export async function scoreAndStore(submissionId: string, ctx: ScoringContext, top: RankedTop, passes: boolean[][]): Promise<boolean> {
  const scored = scoreQueries(
    ctx.queries.map((q, qi) => ({
      queryId: q.queryId,
      passes: passes[qi],
      canonicalRanks: Array.from(top[qi])
        .map((ci, r) => (q.correctCorpusIds.includes(ctx.corpus[ci].corpusId) ? r + 1 : 0))
        .filter((r) => r > 0),
      relevantCount: q.correctCorpusIds.length,
    })),
  );
  const exec1 = scored.metrics.find((m) => m.name === "exec" && m.k === 1);
  return db()
    .$transaction(
      async (tx) => {
        for (const [qi, q] of ctx.queries.entries()) {
          await tx.ranking.update({
            where: { submissionId_queryDbId: { submissionId, queryDbId: q.dbId } },
            data: { passes: passes[qi] },
          });
        }
        await tx.metric.deleteMany({ where: { submissionId } });
        await tx.metric.createMany({
          data: scored.metrics.map((m) => ({ submissionId, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })),
        });
        const moved = await transition(submissionId, "scored", { message: exec1 ? `exec@1 = ${exec1.value.toFixed(3)}` : undefined }, tx);
        if (!moved) throw new AlreadyFinal();
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
