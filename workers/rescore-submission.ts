import { UnrecoverableError } from "bullmq";
import { captureWorkerProvenance } from "@/lib/provenance/worker-provenance";
import { jobs } from "@/lib/queue/jobs";
import { closeRescoreFailure, recordRescoreFailure } from "@/lib/scoring/rescore-failure";
import { isPermanent, rescoreSubmission, RescoreStageError } from "@/lib/scoring/rescore-submission";
import { handler } from "./job-handler";

// rescore-submission: a thin call into lib/scoring. A stored file that no longer validates
// fails the re-score at once; anything else is retried, and fails it after the last attempt.
// Either way the failure (stage, error, stack) is kept with the evaluation, and the submission
// keeps the results it had.
export const rescoreSubmissionHandler = handler({
  def: jobs.rescoreSubmission,
  async run({ evaluationId }, { sandbox }) {
    try {
      return await rescoreSubmission(evaluationId, sandbox, await captureWorkerProvenance(sandbox));
    } catch (e) {
      const failure = e instanceof RescoreStageError ? e : new RescoreStageError("starting", e);
      const permanent = isPermanent(failure);
      await recordRescoreFailure(evaluationId, failure, permanent);
      if (permanent) throw new UnrecoverableError(failure.message);
      throw failure.original instanceof Error ? failure.original : failure;
    }
  },
  async onFinalFailure({ evaluationId }, err, job) {
    await closeRescoreFailure(evaluationId, `re-scoring failed after ${job.attemptsMade} attempt(s): ${err.message}`);
  },
});
