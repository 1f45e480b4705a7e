import { auditPageSchema } from "@/lib/audit/audit-entry";
import { listAuditInput } from "@/lib/audit/list-audit-events";
import { BULK_MAX, bulkReviewInput, bulkReviewResultSchema } from "@/lib/review/bulk-review";
import { listReviewQueueInput, reviewQueueSchema } from "@/lib/review/list-review-queue";
import { versionOverviewSchema } from "@/lib/review/list-version-overview";
import { noteInput, reasonOptionalInput, reasonRequiredInput, verifyInput } from "@/lib/review/review-inputs";
import { reviewItemSchema } from "@/lib/review/review-item";
import { accepted, answer, defineOperations, jsonBody, ok, type ErrorTexts, type OperationSpec } from "../operation";

// The maintainers' review: actions on one submission, the queue, the audit log and the versions
// overview. Every one answers 403 to vendors; each action is recorded in the audit log.
const item = answer("ReviewItem", reviewItemSchema);
const ACTION_ERRORS = {
  400: "invalid body (e.g. a missing reason)",
  404: "no such submission",
  409: "the submission's state does not allow this action (the message says which states do)",
} satisfies ErrorTexts;

/** An action on one submission, refused (409) when its state does not allow it; `answered`: 202 for one that queues work. */
function action(id: string, summary: string, description: string, body: OperationSpec["body"], answered = ok): OperationSpec {
  return { id, summary, description, body, success: answered("the submission after the action", item), errors: ACTION_ERRORS };
}

export const REVIEW_OPERATIONS = defineOperations({ tag: "Review", access: "maintainer" }, {
  "POST /api/v1/submissions/{id}/publish": action(
    "publishSubmission",
    "Publish a scored submission (or show a hidden one again)",
    "It appears on the leaderboard; the version's statistics are recomputed.",
    jsonBody(reasonOptionalInput, false),
  ),
  "POST /api/v1/submissions/{id}/reject": action(
    "rejectSubmission",
    "Reject a scored, published or hidden submission",
    "The reason is shown to the submission's owner. A published submission leaves the leaderboard. The vendor's quota is not refunded.",
    jsonBody(reasonRequiredInput),
  ),
  "POST /api/v1/submissions/{id}/verify": action(
    "verifySubmission",
    "Mark a submission verified, or withdraw the mark",
    "The leaderboard shows verified rows with a badge.",
    jsonBody(verifyInput, false),
  ),
  "POST /api/v1/submissions/{id}/hide": action(
    "hideSubmission",
    "Take a published submission off the leaderboard",
    "Nothing is deleted; the submission becomes visible to its owner (and its organisation's members) and maintainers only, with the reason. Publishing it again puts it back.",
    jsonBody(reasonRequiredInput),
  ),
  "POST /api/v1/submissions/{id}/rerun": action(
    "rerunSubmission",
    "Score a finished submission again",
    "Its results are removed and it is queued again from its stored file; a published one leaves the leaderboard until it is published again, " +
      "and a verification mark is withdrawn. Not charged to the vendor's quota.",
    jsonBody(reasonOptionalInput, false),
    accepted,
  ),
  "PUT /api/v1/submissions/{id}/note": {
    id: "setWarningNote",
    summary: "Set or remove a submission's warning note",
    description: "The note is shown beside the submission on the leaderboard (and in its API row as warningNote).",
    body: jsonBody(noteInput),
    success: ok("the submission with its note", item),
    errors: { 400: ACTION_ERRORS[400], 404: ACTION_ERRORS[404] },
  },
  "POST /api/v1/review/bulk": {
    id: "bulkReview",
    summary: "Publish, reject or verify many submissions at once",
    description:
      `Each submission is handled exactly as by its own action: checked against its own state, changed in its own transaction with its own audit-log entry. ` +
      `A refusal (say, one already published) is reported for that item and never stops the others. At most ${BULK_MAX} ids; rejecting needs a reason, which every owner sees.`,
    body: jsonBody(bulkReviewInput),
    success: ok("what happened to each submission, in the order given", answer("BulkReviewResult", bulkReviewResultSchema)),
    errors: { 400: "invalid body (no ids, too many, a missing reason to reject)" },
  },
  "GET /api/v1/review/queue": {
    id: "getReviewQueue",
    summary: "The review queue (maintainers)",
    description: "By default the scored submissions awaiting review, oldest first; other views newest first.",
    query: listReviewQueueInput,
    success: ok("the queue", answer("ReviewQueue", reviewQueueSchema)),
    errors: { 400: "invalid filters" },
  },
  "GET /api/v1/review/audit": {
    id: "getAuditLog",
    summary: "The audit log of review actions (maintainers)",
    description: "Who did what to which submission, when and why; newest first, a page at a time.",
    query: listAuditInput,
    success: ok("a page of the log", answer("AuditPage", auditPageSchema)),
    errors: { 400: "invalid filters" },
  },
  "GET /api/v1/review/versions": {
    id: "getVersionOverview",
    summary: "Benchmark versions with their submissions per state (maintainers)",
    success: ok("every benchmark version", answer("VersionOverview", versionOverviewSchema)),
  },
});
