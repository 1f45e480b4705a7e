import { captureWorkerProvenance } from "@/lib/provenance/worker-provenance";
import { jobs } from "@/lib/queue/jobs";
import { closeRescoreFailure, recordRescoreFailure } from "@/lib/scoring/rescore-failure";
import { rescoreSubmission, RescoreStageError } from "@/lib/scoring/rescore-submission";
import { handler } from "./job-handler";

// rescore-submission: a thin call into lib/scoring. Under the failure policy (job-handler.ts), a
// stored file that no longer validates fails the re-score at once; anything else is retried,
// and fails it after the last attempt. Either way the failure (stage, error, stack) is kept with
// the evaluation, and the submission keeps the results it had.
export const rescoreSubmissionHandler = handler({
  def: jobs.rescoreSubmission,
  async run({ evaluationId }, { sandbox }) {
    return rescoreSubmission(evaluationId, sandbox, await captureWorkerProvenance(sandbox));
  },
  async onAttemptFailed({ evaluationId }, e, permanent) {
    await recordRescoreFailure(evaluationId, e instanceof RescoreStageError ? e : new RescoreStageError("starting", e), permanent);
  },
  async onFinalFailure({ evaluationId }, err, job) {
    await closeRescoreFailure(evaluationId, `re-scoring failed after ${job.attemptsMade} attempt(s): ${err.message}`);
  },
});
