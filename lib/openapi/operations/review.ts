import type { z } from "zod";
import { auditPageSchema } from "@/lib/audit/audit-entry";
import { listAuditInput } from "@/lib/audit/list-audit-events";
import { BULK_MAX, bulkReviewInput, bulkReviewResultSchema } from "@/lib/review/bulk-review";
import { listReviewQueueInput, reviewQueueSchema } from "@/lib/review/list-review-queue";
import { versionOverviewSchema } from "@/lib/review/list-version-overview";
import { noteInput, reasonOptionalInput, reasonRequiredInput, verifyInput } from "@/lib/review/review-inputs";
import { reviewItemSchema } from "@/lib/review/review-item";
import type { Operation } from "../operation";

// The maintainers' review: actions on one submission, the queue, the audit log and the versions
// overview. Every one answers 403 to vendors; each action is recorded in the audit log.
const item = { schema: reviewItemSchema, name: "ReviewItem" };
const ACTION_ERRORS = {
  400: "invalid body (e.g. a missing reason)",
  401: "no valid credentials",
  403: "the caller is not a maintainer or admin",
  404: "no such submission",
  409: "the submission's state does not allow this action (the message says which states do)",
} as const;

function action(path: string, operationId: string, summary: string, description: string, body: Operation["body"], status = 200): Operation {
  return {
    method: "post",
    path: `/api/v1/submissions/{id}/${path}`,
    operationId,
    summary,
    description,
    tag: "Review",
    auth: "required",
    pathParams: { id: "submission id" },
    body,
    success: { status, description: "the submission after the action", ...item },
    errors: ACTION_ERRORS,
  };
}

const json = (schema: z.ZodType, required: boolean) => ({ schema, contentType: "application/json" as const, required });

export const REVIEW_OPERATIONS: Operation[] = [
  action("publish", "publishSubmission", "Publish a scored submission (or show a hidden one again)", "It appears on the leaderboard; the version's statistics are recomputed.", json(reasonOptionalInput, false)),
  action(
    "reject",
    "rejectSubmission",
    "Reject a scored, published or hidden submission",
    "The reason is shown to the submission's owner. A published submission leaves the leaderboard. The vendor's quota is not refunded.",
    json(reasonRequiredInput, true),
  ),
  action("verify", "verifySubmission", "Mark a submission verified, or withdraw the mark", "The leaderboard shows verified rows with a badge.", json(verifyInput, false)),
  action(
    "hide",
    "hideSubmission",
    "Take a published submission off the leaderboard",
    "Nothing is deleted; the submission becomes visible to its owner (and its organisation's members) and maintainers only, with the reason. Publishing it again puts it back.",
    json(reasonRequiredInput, true),
  ),
  action(
    "rerun",
    "rerunSubmission",
    "Score a finished submission again",
    "Its results are removed and it is queued again from its stored file; a published one leaves the leaderboard until it is published again, " +
      "and a verification mark is withdrawn. Not charged to the vendor's quota.",
    json(reasonOptionalInput, false),
    202,
  ),
  {
    method: "put",
    path: "/api/v1/submissions/{id}/note",
    operationId: "setWarningNote",
    summary: "Set or remove a submission's warning note",
    description: "The note is shown beside the submission on the leaderboard (and in its API row as warningNote).",
    tag: "Review",
    auth: "required",
    pathParams: { id: "submission id" },
    body: json(noteInput, true),
    success: { status: 200, description: "the submission with its note", ...item },
    errors: { 400: ACTION_ERRORS[400], 401: ACTION_ERRORS[401], 403: ACTION_ERRORS[403], 404: ACTION_ERRORS[404] },
  },
  {
    method: "post",
    path: "/api/v1/review/bulk",
    operationId: "bulkReview",
    summary: "Publish, reject or verify many submissions at once",
    description:
      `Each submission is handled exactly as by its own action: checked against its own state, changed in its own transaction with its own audit-log entry. ` +
      `A refusal (say, one already published) is reported for that item and never stops the others. At most ${BULK_MAX} ids; rejecting needs a reason, which every owner sees.`,
    tag: "Review",
    auth: "required",
    body: json(bulkReviewInput, true),
    success: { status: 200, description: "what happened to each submission, in the order given", schema: bulkReviewResultSchema, name: "BulkReviewResult" },
    errors: { 400: "invalid body (no ids, too many, a missing reason to reject)", 401: ACTION_ERRORS[401], 403: ACTION_ERRORS[403] },
  },
  {
    method: "get",
    path: "/api/v1/review/queue",
    operationId: "getReviewQueue",
    summary: "The review queue (maintainers)",
    description: "By default the scored submissions awaiting review, oldest first; other views newest first.",
    tag: "Review",
    auth: "required",
    query: listReviewQueueInput,
    success: { status: 200, description: "the queue", schema: reviewQueueSchema, name: "ReviewQueue" },
    errors: { 400: "invalid filters", 401: ACTION_ERRORS[401], 403: ACTION_ERRORS[403] },
  },
  {
    method: "get",
    path: "/api/v1/review/audit",
    operationId: "getAuditLog",
    summary: "The audit log of review actions (maintainers)",
    description: "Who did what to which submission, when and why; newest first, a page at a time.",
    tag: "Review",
    auth: "required",
    query: listAuditInput,
    success: { status: 200, description: "a page of the log", schema: auditPageSchema, name: "AuditPage" },
    errors: { 400: "invalid filters", 401: ACTION_ERRORS[401], 403: ACTION_ERRORS[403] },
  },
  {
    method: "get",
    path: "/api/v1/review/versions",
    operationId: "getVersionOverview",
    summary: "Benchmark versions with their submissions per state (maintainers)",
    tag: "Review",
    auth: "required",
    success: { status: 200, description: "every benchmark version", schema: versionOverviewSchema, name: "VersionOverview" },
    errors: { 401: ACTION_ERRORS[401], 403: ACTION_ERRORS[403] },
  },
];
