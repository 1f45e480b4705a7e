import type { SubmissionStatus } from "@/lib/db/generated/client";
import { db, type Tx } from "@/lib/db/client";

export type { SubmissionStatus };

export const PIPELINE_STAGES = ["validating", "ranking", "executing", "scoring"] as const;
// Final: no pipeline stage will move it on. Only a maintainer's review (lib/review) does.
export const FINAL_STATUSES: readonly SubmissionStatus[] = ["scored", "failed", "published", "rejected", "hidden"];

export function isFinal(status: SubmissionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

// Moves a submission to a new status and records the step in its history, atomically. Refuses
// (returns false) when the submission is already final, so a stale retry cannot reopen it; with
// `from`, refuses unless the submission is in one of those statuses (a maintainer's review).
export async function transition(
  submissionId: string,
  status: SubmissionStatus,
  opts: { message?: string; error?: string | null; progressTotal?: number; allowFromFinal?: boolean; from?: readonly SubmissionStatus[] } = {},
  outerTx?: Tx,
): Promise<boolean> {
  const run = async (tx: Tx) => {
    const guard = opts.from ? { status: { in: [...opts.from] } } : opts.allowFromFinal ? {} : { status: { notIn: [...FINAL_STATUSES] } };
    const updated = await tx.submission.updateMany({
      where: { id: submissionId, ...guard },
      data: {
        status,
        progressDone: 0,
        progressTotal: opts.progressTotal ?? 0,
        ...(opts.error !== undefined ? { error: opts.error } : {}),
        ...(status === "scored" ? { scoredAt: new Date() } : {}),
        ...(status === "published" ? { publishedAt: new Date() } : {}),
      },
    });
    if (updated.count === 0) return false;
    await tx.submissionEvent.create({ data: { submissionId, status, message: opts.message ?? opts.error ?? null } });
    return true;
  };
  return outerTx ? run(outerTx) : db().$transaction(run);
}

export async function reportProgress(submissionId: string, done: number, total: number): Promise<void> {
  await db().submission.update({ where: { id: submissionId }, data: { progressDone: done, progressTotal: total } });
}
