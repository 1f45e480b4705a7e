import { rescoreInput } from "@/lib/rescore/request-rescore";
import { accepted, answer, defineOperations, jsonBody, ok } from "../operation";
import { rescoreBatchSchema, submissionLogsSchema } from "../schemas/provenance";
import { SUBMISSION_NOT_VISIBLE } from "./shared";

// Provenance and re-scoring: a submission's scoring runs with their logs, and maintainers'
// bulk re-scores after a runner change (old results stay attributable in `evaluations`).
const batch = answer("RescoreBatch", rescoreBatchSchema);

export const PROVENANCE_OPERATIONS = defineOperations({ tag: "Review", access: "maintainer" }, {
  "GET /api/v1/submissions/{id}/logs": {
    id: "getSubmissionLogs",
    summary: "Every scoring run of a submission with its provenance, failure stage, error and log",
    description: "For its owner, its organisation's members and maintainers. A failed run's log names the stage it stopped in, its error and, when the platform rather than the file was at fault, the stack.",
    tag: "Submissions",
    access: "signed-in",
    success: ok("the runs, oldest first", answer("SubmissionLogs", submissionLogsSchema)),
    errors: { 403: "the caller may see the submission but is neither its owner nor a maintainer", 404: SUBMISSION_NOT_VISIBLE },
  },
  "POST /api/v1/benchmarks/{slug}/rescore": {
    id: "rescoreBenchmark",
    summary: "Re-score a benchmark's published submissions (maintainers)",
    description:
      "By default the published submissions (of every version) whose current results came from another runner version or are of unknown provenance; " +
      "with allPublished, all of them. Each new run replaces the current results only when it finishes, in one transaction; the old run's metrics " +
      "and provenance stay in the submission's evaluations. A submission with a re-score under way is skipped. 200 for a dry run or when nothing needs re-scoring.",
    body: jsonBody(rescoreInput, false),
    success: accepted("the batch, queued", batch),
    errors: { 400: "invalid body", 404: "no such benchmark" },
  },
  "GET /api/v1/rescores/{id}": {
    id: "getRescore",
    summary: "Where a re-score batch stands (maintainers)",
    success: ok("each submission's new run beside the results it replaces", batch),
    errors: { 404: "no such batch" },
  },
});
