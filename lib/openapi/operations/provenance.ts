import { rescoreInput } from "@/lib/rescore/request-rescore";
import type { Operation } from "../operation";
import { rescoreBatchSchema, submissionLogsSchema } from "../schemas/provenance";

// Provenance and re-scoring: a submission's scoring runs with their logs, and maintainers'
// bulk re-scores after a runner change (old results stay attributable in `evaluations`).
const batch = { schema: rescoreBatchSchema, name: "RescoreBatch" };

export const PROVENANCE_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/submissions/{id}/logs",
    operationId: "getSubmissionLogs",
    summary: "Every scoring run of a submission with its provenance, failure stage, error and log",
    description: "For its owner, its organisation's members and maintainers. A failed run's log names the stage it stopped in, its error and, when the platform rather than the file was at fault, the stack.",
    tag: "Submissions",
    auth: "required",
    pathParams: { id: "submission id" },
    success: { status: 200, description: "the runs, oldest first", schema: submissionLogsSchema, name: "SubmissionLogs" },
    errors: { 401: "no valid credentials", 403: "the caller may see the submission but is neither its owner nor a maintainer", 404: "no such submission, or not visible to the caller" },
  },
  {
    method: "post",
    path: "/api/v1/benchmarks/{slug}/rescore",
    operationId: "rescoreBenchmark",
    summary: "Re-score a benchmark's published submissions (maintainers)",
    description:
      "By default the published submissions (of every version) whose current results came from another runner version or are of unknown provenance; " +
      "with allPublished, all of them. Each new run replaces the current results only when it finishes, in one transaction; the old run's metrics " +
      "and provenance stay in the submission's evaluations. A submission with a re-score under way is skipped. 200 for a dry run or when nothing needs re-scoring.",
    tag: "Review",
    auth: "required",
    pathParams: { slug: "benchmark slug" },
    body: { schema: rescoreInput, contentType: "application/json", required: false },
    success: { status: 202, description: "the batch, queued", ...batch },
    errors: { 400: "invalid body", 401: "no valid credentials", 403: "the caller is not a maintainer or admin", 404: "no such benchmark" },
  },
  {
    method: "get",
    path: "/api/v1/rescores/{id}",
    operationId: "getRescore",
    summary: "Where a re-score batch stands (maintainers)",
    tag: "Review",
    auth: "required",
    pathParams: { id: "re-score batch id" },
    success: { status: 200, description: "each submission's new run beside the results it replaces", ...batch },
    errors: { 401: "no valid credentials", 403: "the caller is not a maintainer or admin", 404: "no such batch" },
  },
];
