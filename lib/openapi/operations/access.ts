import { z } from "zod";
import { accessListQuery, claimInput, decideInput, requestAccessInput } from "@/lib/access/access-requests";
import { answer, created, defineOperations, jsonBody, ok, type ErrorTexts, type OperationSpec } from "../operation";

const status = z.enum(["pending", "approved", "refused", "claimed", "expired"]);

export const accessRequestSchema = z.strictObject({
  id: z.string().uuid(),
  email: z.string(),
  organisation: z.string(),
  model: z.string(),
  note: z.string().nullable(),
  status: status.describe("expired: not decided, or not claimed, before expiresAt"),
  reason: z.string().nullable().describe("the maintainer's reason (always given for a refusal)"),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().describe("when the claim code stops working"),
});

const filedSchema = z.strictObject({
  request: accessRequestSchema,
  claimCode: z.string().describe("ebc_…: shown only in this answer; keep it to follow the request and claim the account"),
});

const claimedSchema = z.strictObject({
  token: z.string().describe("the new account's first API token; shown only in this answer"),
  email: z.string(),
  userId: z.string().uuid(),
  expiresAt: z.iso.datetime().describe("when the token expires"),
});

const accessRequest = answer("AccessRequest", accessRequestSchema);
const byClaimCode = { body: jsonBody(claimInput), errors: { 400: "not a claim code", 404: "no request has that claim code" } } as const;

// A maintainer's decision on one request (audited); the requester sees the reason.
function decision(id: string, summary: string, reasonRequired: boolean, errors: ErrorTexts): OperationSpec {
  return { id, summary, access: "maintainer", body: jsonBody(decideInput, reasonRequired), success: ok("the decided request", accessRequest), errors: { 404: "no such request", ...errors } };
}

export const ACCESS_OPERATIONS = defineOperations({ tag: "Access", access: "public" }, {
  "POST /api/v1/access-requests": {
    id: "requestAccess",
    summary: "Ask for a vendor account",
    description: "No account needed. The answer holds a claim code, shown once: with it, follow the request and, once a maintainer approves it, claim the account.",
    body: jsonBody(requestAccessInput),
    success: created("the request and its claim code", answer("AccessRequestFiled", filedSchema)),
    errors: { 400: "invalid email, organisation, model or note", 409: "the email already has requests waiting", 429: "too many requests from this address today, or the rate limit" },
  },
  "GET /api/v1/access-requests": {
    id: "listAccessRequests",
    summary: "The maintainers' queue of access requests",
    access: "maintainer",
    query: accessListQuery,
    success: ok("requests, oldest first", answer("AccessRequestList", z.strictObject({ requests: z.array(accessRequestSchema) }))),
    errors: { 400: "invalid status" },
  },
  "POST /api/v1/access-requests/status": {
    id: "getAccessRequestStatus",
    summary: "What became of a request, by its claim code",
    ...byClaimCode,
    success: ok("the request", accessRequest),
  },
  "POST /api/v1/access-requests/claim": {
    id: "claimAccess",
    summary: "Claim an approved request: creates the account and shows its first API token once",
    ...byClaimCode,
    success: created("the new account's first token", answer("AccessClaimed", claimedSchema)),
    errors: { ...byClaimCode.errors, 403: "the request was refused, or its code expired", 409: "not decided yet, already claimed, or the email has an account" },
  },
  "POST /api/v1/access-requests/{id}/approve": decision("approveAccessRequest", "Approve an access request (audited)", false, {
    400: "invalid body",
    409: "not pending, or the email already has an account",
  }),
  "POST /api/v1/access-requests/{id}/refuse": decision("refuseAccessRequest", "Refuse an access request (audited; the reason is shown to the requester)", true, {
    400: "no reason given",
    409: "not pending",
  }),
});
