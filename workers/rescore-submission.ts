import { UnrecoverableError, type Job } from "bullmq";
import { captureWorkerProvenance } from "@/lib/provenance/worker-provenance";
import { jobs } from "@/lib/queue/jobs";
import { closeRescoreFailure, recordRescoreFailure } from "@/lib/rescore/record-rescore-failure";
import { isPermanent, rescoreSubmission, RescoreStageError } from "@/lib/rescore/rescore-submission";
import type { Sandbox } from "@/lib/sandbox/types";

// rescore-submission: a thin call into lib/rescore. A stored file that no longer validates
// fails the re-score at once; anything else is retried, and fails it after the last attempt.
// Either way the failure (stage, error, stack) is kept with the evaluation, and the submission
// keeps the results it had.
export async function processRescoreSubmission(job: Job, sandbox: Sandbox): Promise<string> {
  const parsed = jobs.rescoreSubmission.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
  const { evaluationId } = parsed.data;
  try {
    return await rescoreSubmission(evaluationId, sandbox, await captureWorkerProvenance(sandbox));
  } catch (e) {
    const failure = e instanceof RescoreStageError ? e : new RescoreStageError("starting", e);
    const permanent = isPermanent(failure);
    await recordRescoreFailure(evaluationId, failure, permanent);
    if (permanent) throw new UnrecoverableError(failure.message);
    throw failure.original instanceof Error ? failure.original : failure;
  }
}

export async function onRescoreSubmissionFailed(job: Job, err: Error): Promise<void> {
  const last = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
  const parsed = jobs.rescoreSubmission.schema.safeParse(job.data);
  if (!last || !parsed.success) return;
  await closeRescoreFailure(parsed.data.evaluationId, `re-scoring failed after ${job.attemptsMade} attempt(s): ${err.message}`);
}
