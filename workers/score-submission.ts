import { beginEvaluation } from "@/lib/provenance/begin-evaluation";
import { closeFailedEvaluation, currentStage, recordEvaluationFailure } from "@/lib/provenance/record-evaluation-failure";
import { captureWorkerProvenance } from "@/lib/provenance/worker-provenance";
import { jobs } from "@/lib/queue/jobs";
import { failSubmissionForPlatform } from "@/lib/quotas/refund-quota";
import { scoreSubmission } from "@/lib/scoring/score-submission";
import { transition } from "@/lib/submissions/status";
import { handler } from "./job-handler";

// score-submission: a thin call into lib/scoring. Under the failure policy (job-handler.ts),
// errors the vendor caused (a file that no longer validates, a tie group too large to execute, a
// vanished benchmark) fail the submission at once; anything else is retried, and fails
// (refunded) only after the last attempt. Every attempt is recorded with the submission's
// evaluation (lib/provenance): who ran it with which runner and sandbox image, and, when it
// fails, the stage, the error and its stack.
export const scoreSubmissionHandler = handler({
  def: jobs.scoreSubmission,
  async run({ submissionId }, { sandbox }) {
    await beginEvaluation(submissionId, await captureWorkerProvenance(sandbox));
    return scoreSubmission(submissionId, sandbox);
  },
  async onAttemptFailed({ submissionId }, e, permanent) {
    const stage = await currentStage(submissionId);
    if (permanent) await transition(submissionId, "failed", { error: e instanceof Error ? e.message : String(e) });
    await recordEvaluationFailure(submissionId, { stage, error: e, final: permanent });
  },
  // The vendor's own failures were recorded above (a failed submission is not failed again);
  // anything left is the platform's, so it is refunded.
  async onFinalFailure({ submissionId }, err, job) {
    const reason = `scoring failed after ${job.attemptsMade} attempt(s): ${err.message}`;
    await failSubmissionForPlatform(submissionId, reason);
    await closeFailedEvaluation(submissionId, reason);
  },
});
