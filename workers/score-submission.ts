import { UnrecoverableError, type Job } from "bullmq";
import { isAppError } from "@/lib/errors/app-error";
import { beginEvaluation } from "@/lib/provenance/begin-evaluation";
import { closeFailedEvaluation, currentStage, recordEvaluationFailure } from "@/lib/provenance/record-evaluation-failure";
import { captureWorkerProvenance } from "@/lib/provenance/worker-provenance";
import { jobs } from "@/lib/queue/jobs";
import { failSubmissionForPlatform } from "@/lib/quotas/refund-quota";
import type { Sandbox } from "@/lib/sandbox/types";
import { scoreSubmission } from "@/lib/submissions/score-submission";
import { transition } from "@/lib/submissions/status";

// score-submission: a thin call into lib/submissions. Errors the vendor caused (a file that
// no longer validates, a vanished benchmark) fail the submission at once; anything else is
// retried by BullMQ and fails the submission only after the last attempt (see index.ts).
// Every attempt is recorded with the submission's evaluation (lib/provenance): who ran it with
// which runner and sandbox image, and, when it fails, the stage, the error and its stack.
export async function processScoreSubmission(job: Job, sandbox: Sandbox): Promise<string> {
  const parsed = jobs.scoreSubmission.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
  const { submissionId } = parsed.data;
  await beginEvaluation(submissionId, await captureWorkerProvenance(sandbox));
  try {
    return await scoreSubmission(submissionId, sandbox);
  } catch (e) {
    const stage = await currentStage(submissionId);
    if (isAppError(e) && e.code !== "INTERNAL") {
      await transition(submissionId, "failed", { error: e.message });
      await recordEvaluationFailure(submissionId, { stage, error: e, final: true });
      throw new UnrecoverableError(e.message);
    }
    await recordEvaluationFailure(submissionId, { stage, error: e, final: false });
    throw e;
  }
}

export async function onScoreSubmissionFailed(job: Job, err: Error): Promise<void> {
  const attempts = job.opts.attempts ?? 1;
  const last = err instanceof UnrecoverableError || job.attemptsMade >= attempts;
  const parsed = jobs.scoreSubmission.schema.safeParse(job.data);
  if (!last || !parsed.success) return;
  // The vendor's own failures were recorded above; this one is the platform's, so it is refunded.
  const reason = `scoring failed after ${job.attemptsMade} attempt(s): ${err.message}`;
  await failSubmissionForPlatform(parsed.data.submissionId, reason);
  await closeFailedEvaluation(parsed.data.submissionId, reason);
}
