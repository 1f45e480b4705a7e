import { db } from "@/lib/db/client";
import { appendRunLog, describeError } from "@/lib/provenance/run-log";
import { refreshAfterRescores } from "./refresh-after-rescores";
import type { RescoreStageError } from "./rescore-submission";

// A failed re-score attempt is written to its evaluation (stage, error, stack); once no retry is
// left the evaluation is failed. The submission's current results are untouched either way.
// Never throws (the database may be what failed); the job's retry takes over.
export async function recordRescoreFailure(evaluationId: string, e: RescoreStageError, final: boolean): Promise<void> {
  try {
    const ev = await db().evaluation.findUnique({ where: { id: evaluationId }, select: { attempts: true, status: true } });
    if (!ev || (ev.status !== "running" && ev.status !== "pending")) return;
    await appendRunLog(evaluationId, `attempt ${ev.attempts} failed while ${e.stage}${final ? "" : " (it will be retried)"}:\n${describeError(e.original)}`);
    await db().evaluation.update({
      where: { id: evaluationId },
      data: { failedStage: e.stage, error: e.message, ...(final ? { status: "failed", finishedAt: new Date() } : {}) },
    });
    if (final) await refreshAfter(evaluationId);
  } catch (err) {
    console.error(`[rescore] could not record the failure of evaluation ${evaluationId}: ${(err as Error).message}`);
  }
}

/** Fails a re-score whose job has no attempt left (after its retries, or stalled too often). */
export async function closeRescoreFailure(evaluationId: string, reason: string): Promise<void> {
  try {
    const moved = await db().evaluation.updateMany({
      where: { id: evaluationId, status: { in: ["pending", "running"] } },
      data: { status: "failed", finishedAt: new Date() },
    });
    if (moved.count === 0) return;
    await db().evaluation.updateMany({ where: { id: evaluationId, error: null }, data: { error: reason } });
    await appendRunLog(evaluationId, `gave up: ${reason}; the submission keeps its current results`);
    await refreshAfter(evaluationId);
  } catch (err) {
    console.error(`[rescore] could not record the failure of evaluation ${evaluationId}: ${(err as Error).message}`);
  }
}

// The last re-score of a version to finish queues its statistics, even when it failed.
async function refreshAfter(evaluationId: string): Promise<void> {
  const ev = await db().evaluation.findUnique({ where: { id: evaluationId }, select: { submission: { select: { versionId: true } } } });
  if (ev) await refreshAfterRescores(ev.submission.versionId);
}
