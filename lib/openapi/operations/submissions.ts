import { submissionFormFields } from "@/lib/intake/create-submission";
import { ownSubmissionsQuerySchema } from "@/lib/account/list-own-submissions";
import { accepted, answer, defineOperations, ok } from "../operation";
import { leaderboardSchema } from "../schemas/leaderboard";
import { benchmarkListSchema } from "../schemas/benchmarks";
import { createdSubmissionSchema, ownSubmissionListSchema, submissionUploadSchema, submissionViewSchema } from "../schemas/submissions";
import { submissionRead, versionRead } from "./shared";

export const SUBMISSION_OPERATIONS = defineOperations({ tag: "Submissions", access: "signed-in" }, {
  "GET /api/v1/benchmarks": {
    id: "listBenchmarks",
    summary: "Every benchmark with its versions and their sizes",
    tag: "Leaderboard",
    access: "public",
    success: ok("benchmarks by slug, each with its versions newest first", answer("BenchmarkList", benchmarkListSchema)),
  },
  "GET /api/v1/submissions": {
    id: "listOwnSubmissions",
    summary: "The caller's submissions, and those made for the caller's organisations, newest first",
    description: "Whatever their status, published or not; each names the organisation it was made for and who submitted it.",
    query: ownSubmissionsQuerySchema,
    success: ok("the submissions", answer("OwnSubmissionList", ownSubmissionListSchema)),
    errors: { 400: "a query parameter is invalid" },
  },
  "GET /api/v1/benchmarks/{slug}/leaderboard": versionRead({
    id: "getLeaderboard",
    summary: "Published submissions of a benchmark, best exec@1 first",
    description: "Each row carries exec@k, execution_precision@k and nDCG@k for k in 1, 3, 5, 10, with 95% bootstrap intervals.",
    tag: "Leaderboard",
    access: "public",
    params: { slug: "benchmark slug, e.g. execretrieval-demo" },
    success: ok("the leaderboard", answer("Leaderboard", leaderboardSchema)),
  }),
  "POST /api/v1/benchmarks/{slug}/submissions": {
    id: "createSubmission",
    summary: "Upload embeddings (.npz) for scoring",
    description:
      "The whole file is checked before anything is stored; a refused upload leaves nothing behind and is not charged. " +
      "An accepted one counts against the caller's quota on the benchmark (see GET /api/v1/quota) unless the platform later fails it; " +
      "one made for an organisation (`organisation`, the caller must be a member) against the organisation's.",
    body: { schema: submissionUploadSchema, contentType: "multipart/form-data", required: true, fields: submissionFormFields },
    success: accepted("accepted and queued", answer("CreatedSubmission", createdSubmissionSchema)),
    errors: {
      400: "not multipart, a field is missing, or the metadata is invalid",
      404: "no such benchmark, or no organisation of that name among the caller's (a non-member is told the same as for a missing one; nothing is stored or charged)",
      413: "the file is larger than the upload limit",
      422: "the file is not a valid submission for this benchmark (the message names the problem)",
      429: "a quota (QUOTA_EXCEEDED, details.limit names which) or the rate limit is exhausted",
    },
  },
  "GET /api/v1/submissions/{id}": submissionRead({
    id: "getSubmission",
    summary: "A submission's status, progress, history and (once scored) metrics",
    success: ok("the submission", answer("Submission", submissionViewSchema)),
  }),
});
