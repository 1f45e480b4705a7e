import { db } from "@/lib/db/client";
import type { Sandbox } from "@/lib/sandbox/types";
import { executeTopK, distinctPairCount } from "./pipeline/execute-stage";
import { loadScoringContext } from "./pipeline/load-scoring-context";
import { rankAndStore, validateUpload } from "./pipeline/rank-stage";
import { scoreAndStore } from "./pipeline/score-stage";
import { isFinal, transition } from "./status";

export type ScoreOutcome = "scored" | "skipped";

// The pipeline behind a score-submission job: validate → rank → execute → score, one stage
// file each under pipeline/. Safe to run again after a crash at any point: rankings are
// replaced, executions come from the cache, and the final write (metrics + status) is one
// transaction. A submission already final is left alone.
export async function scoreSubmission(submissionId: string, sandbox: Sandbox): Promise<ScoreOutcome> {
  const sub = await db().submission.findUnique({
    where: { id: submissionId },
    select: { id: true, status: true, versionId: true, storageKey: true, similarity: true },
  });
  if (!sub || isFinal(sub.status)) return "skipped";

  if (!(await transition(sub.id, "validating"))) return "skipped";
  const ctx = await loadScoringContext(sub.versionId);
  const matrices = await validateUpload(sub.storageKey, ctx);

  if (!(await transition(sub.id, "ranking", { progressTotal: ctx.queries.length }))) return "skipped";
  const top = await rankAndStore(sub.id, ctx, matrices, sub.similarity);

  if (!(await transition(sub.id, "executing", { progressTotal: distinctPairCount(ctx, top) }))) return "skipped";
  const passes = await executeTopK(sub.id, ctx, top, sandbox);

  if (!(await transition(sub.id, "scoring", { progressTotal: ctx.queries.length }))) return "skipped";
  return (await scoreAndStore(sub.id, ctx, top, passes)) ? "scored" : "skipped";
}
