import type { Queue } from "bullmq";
import { db } from "@/lib/db/client";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { failSubmissionForPlatform } from "@/lib/quotas/refund-quota";

const RUNNING = ["queued", "validating", "ranking", "executing", "scoring"] as const;
const MAX_REQUEUES = 2;

export interface ReapOptions {
  queue: Queue;
  /** A submission untouched this long is examined. Progress updates touch it. */
  staleMs: number;
  /** Past this age a running submission fails whatever its job says. */
  hardDeadlineMs: number;
  now?: Date;
}

export interface ReapResult {
  requeued: string[];
  failed: string[];
  left: string[];
}

// No submission stays in a running state forever. A stale submission whose job still lives
// (waiting or held by a worker) is left alone until the hard deadline; one whose job is gone
// (e.g. Redis lost its data) is queued again, at most twice; one whose job ended without
// finalising it (the failure could not be recorded, say while Postgres was down) is failed with
// the job's reason. Every decision is written to the submission's history.
export async function reapStuckSubmissions(opts: ReapOptions): Promise<ReapResult> {
  const now = opts.now ?? new Date();
  const stale = await db().submission.findMany({
    where: { status: { in: [...RUNNING] }, updatedAt: { lt: new Date(now.getTime() - opts.staleMs) } },
    select: { id: true, status: true, createdAt: true, updatedAt: true, rerunAt: true },
  });
  const result: ReapResult = { requeued: [], failed: [], left: [] };
  for (const s of stale) {
    const jobId = jobs.scoreSubmission.jobId({ submissionId: s.id });
    const job = await opts.queue.getJob(jobId);
    const state = job ? await job.getState() : "missing";
    const minutes = Math.round((now.getTime() - s.updatedAt.getTime()) / 60_000);
    // A maintainer's re-run starts the clock again (and the count of requeues below).
    const startedAt = s.rerunAt ?? s.createdAt;
    if (now.getTime() - startedAt.getTime() > opts.hardDeadlineMs) {
      if (job && state !== "active") await job.remove().catch(() => undefined);
      await fail(s.id, `the platform gave up: still ${s.status} ${Math.round(opts.hardDeadlineMs / 60_000)} minutes after submission (not charged)`);
      result.failed.push(s.id);
      continue;
    }
    if (state === "active" || state === "waiting" || state === "delayed" || state === "prioritized" || state === "waiting-children") {
      result.left.push(s.id);
      continue;
    }
    if (state === "failed") {
      await fail(s.id, `scoring failed: ${job?.failedReason ?? "unknown reason"} (not charged)`);
      result.failed.push(s.id);
      continue;
    }
    const requeues = await db().submissionEvent.count({ where: { submissionId: s.id, message: { startsWith: "requeued" }, createdAt: { gte: startedAt } } });
    if (requeues >= MAX_REQUEUES) {
      await fail(s.id, `the platform lost this run ${requeues + 1} times (not charged)`);
      result.failed.push(s.id);
      continue;
    }
    if (job) await job.remove().catch(() => undefined);
    await db().$transaction(async (tx) => {
      await tx.submission.update({ where: { id: s.id }, data: { status: "queued", progressDone: 0, progressTotal: 0 } });
      await tx.submissionEvent.create({
        data: { submissionId: s.id, status: "queued", message: `requeued: its job was ${state} while the submission was ${s.status} for ${minutes} min` },
      });
    });
    await enqueue(jobs.scoreSubmission, { submissionId: s.id });
    result.requeued.push(s.id);
  }
  return result;
}

// Every failure the reaper decides is the platform's, so it is refunded with it.
async function fail(id: string, reason: string): Promise<void> {
  await failSubmissionForPlatform(id, reason);
}
