import type { AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueue, getQueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { transition } from "@/lib/submissions/status";
import { getReviewItem } from "./get-review-item";
import { dropPairwiseRows, refreshStatistics } from "./leave-leaderboard";
import { lockForReview, refuse } from "./lock-for-review";
import type { ReasonOptionalInput } from "./review-inputs";
import { FROM } from "./review-rules";
import type { ReviewItem } from "./review-item";

// Scores a finished submission again from its stored file (after a fix to the runner or the
// benchmark, or to check a doubtful result). Its old results are removed in the same transaction
// as the status change, so nobody ever sees old metrics beside a new run's progress; a published
// one leaves the leaderboard until a maintainer publishes the new results, and its verification
// mark goes (it described the old results). The warning note stays. The re-run is the
// platform's doing, so it is not charged: rerunAt keeps it out of the vendor's concurrency count,
// and no new submission is created, so the daily and total counts do not move.
export async function rerunSubmission(actor: AuditActor, id: string, input: ReasonOptionalInput): Promise<ReviewItem> {
  const queue = getQueue();
  const jobId = jobs.scoreSubmission.jobId({ submissionId: id });
  const old = await queue.getJob(jobId);
  if (old && (await old.getState()) === "active") {
    throw new AppError("CONFLICT", `submission ${id}: its previous run is still finishing; try again in a moment`);
  }
  const reason = input.reason || null;
  const before = await db().$transaction(async (tx) => {
    const s = await lockForReview(tx, id, { statistics: true });
    if (!FROM.rerun.includes(s.status)) refuse("rerun", s);
    const message = `re-run requested by a maintainer${reason ? `: ${reason}` : ""}`;
    if (!(await transition(id, "queued", { from: [s.status], message, error: null }, tx))) {
      throw new AppError("CONFLICT", `submission ${id} changed while queueing the re-run; try again`);
    }
    await tx.ranking.deleteMany({ where: { submissionId: id } });
    await tx.metric.deleteMany({ where: { submissionId: id } });
    await tx.submissionAnalysis.deleteMany({ where: { submissionId: id } });
    await dropPairwiseRows(tx, id);
    await tx.submission.update({
      where: { id },
      // The old run's evaluation (lib/provenance) stays in the list of runs, but is no longer current.
      data: { scoredAt: null, publishedAt: null, verifiedAt: null, reviewReason: null, rerunAt: new Date(), currentEvaluationId: null },
    });
    await recordAuditEvent(tx, { action: "rerun", actor, submissionId: id, fromStatus: s.status, toStatus: "queued", reason });
    return s;
  });
  if (before.status === "published") await refreshStatistics(before.versionId);
  try {
    // A finished job keeps its id for a week; it must go, or adding the new one is a no-op.
    if (old) await old.remove();
    await enqueue(jobs.scoreSubmission, { submissionId: id });
  } catch (e) {
    throw new AppError(
      "INTERNAL",
      `the re-run of ${id} was recorded but could not be queued (${(e as Error).message}); the worker's reaper queues it again once it notices`,
    );
  }
  return getReviewItem(id);
}
