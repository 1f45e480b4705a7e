import { submissionFormFields } from "@/lib/intake/create-submission";
import type { Operation } from "../operation";
import { versionQuerySchema } from "@/lib/leaderboard/version-query";
import { leaderboardSchema } from "../schemas/leaderboard";
import { ownSubmissionsQuerySchema } from "@/lib/account/list-own-submissions";
import { benchmarkListSchema } from "../schemas/benchmarks";
import { createdSubmissionSchema, ownSubmissionListSchema, submissionUploadSchema, submissionViewSchema } from "../schemas/submissions";

export const SUBMISSION_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/benchmarks",
    operationId: "listBenchmarks",
    summary: "Every benchmark with its versions and their sizes",
    tag: "Leaderboard",
    auth: "none",
    success: { status: 200, description: "benchmarks by slug, each with its versions newest first", schema: benchmarkListSchema, name: "BenchmarkList" },
    errors: {},
  },
  {
    method: "get",
    path: "/api/v1/submissions",
    operationId: "listOwnSubmissions",
    summary: "The caller's submissions, and those made for the caller's organisations, newest first",
    description: "Whatever their status, published or not; each names the organisation it was made for and who submitted it.",
    tag: "Submissions",
    auth: "required",
    query: ownSubmissionsQuerySchema,
    success: { status: 200, description: "the submissions", schema: ownSubmissionListSchema, name: "OwnSubmissionList" },
    errors: { 400: "a query parameter is invalid", 401: "no valid credentials" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/leaderboard",
    operationId: "getLeaderboard",
    summary: "Published submissions of a benchmark, best exec@1 first",
    description: "Each row carries exec@k, execution_precision@k and nDCG@k for k in 1, 3, 5, 10, with 95% bootstrap intervals.",
    tag: "Leaderboard",
    auth: "none",
    pathParams: { slug: "benchmark slug, e.g. execretrieval-demo" },
    query: versionQuerySchema,
    success: { status: 200, description: "the leaderboard", schema: leaderboardSchema, name: "Leaderboard" },
    errors: { 404: "no such benchmark or version" },
  },
  {
    method: "post",
    path: "/api/v1/benchmarks/{slug}/submissions",
    operationId: "createSubmission",
    summary: "Upload embeddings (.npz) for scoring",
    description:
      "The whole file is checked before anything is stored; a refused upload leaves nothing behind and is not charged. " +
      "An accepted one counts against the caller's quota on the benchmark (see GET /api/v1/quota) unless the platform later fails it; " +
      "one made for an organisation (`organisation`, the caller must be a member) against the organisation's.",
    tag: "Submissions",
    auth: "required",
    pathParams: { slug: "benchmark slug" },
    body: { schema: submissionUploadSchema, contentType: "multipart/form-data", required: true, fields: submissionFormFields },
    success: { status: 202, description: "accepted and queued", schema: createdSubmissionSchema, name: "CreatedSubmission" },
    errors: {
      400: "not multipart, a field is missing, or the metadata is invalid",
      401: "no valid credentials",
      404: "no such benchmark, or no organisation of that name among the caller's (a non-member is told the same as for a missing one; nothing is stored or charged)",
      413: "the file is larger than the upload limit",
      422: "the file is not a valid submission for this benchmark (the message names the problem)",
      429: "a quota (QUOTA_EXCEEDED, details.limit names which) or the rate limit is exhausted",
    },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}",
    operationId: "getSubmission",
    summary: "A submission's status, progress, history and (once scored) metrics",
    description: "Unpublished submissions are visible to their owner, the members of the organisation they were made for, and maintainers; anyone else gets 404.",
    tag: "Submissions",
    auth: "optional",
    pathParams: { id: "submission id" },
    success: { status: 200, description: "the submission", schema: submissionViewSchema, name: "Submission" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission, or not visible to the caller" },
  },
];
