import { z } from "zod";
import { accessListQuery, claimInput, decideInput, requestAccessInput } from "@/lib/access/access-requests";
import type { Operation } from "../operation";

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

export const ACCESS_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/v1/access-requests",
    operationId: "requestAccess",
    summary: "Ask for a vendor account",
    description: "No account needed. The answer holds a claim code, shown once: with it, follow the request and, once a maintainer approves it, claim the account.",
    tag: "Access",
    auth: "none",
    body: { schema: requestAccessInput, contentType: "application/json", required: true },
    success: { status: 201, description: "the request and its claim code", schema: filedSchema, name: "AccessRequestFiled" },
    errors: { 400: "invalid email, organisation, model or note", 409: "the email already has requests waiting", 429: "too many requests from this address today, or the rate limit" },
  },
  {
    method: "get",
    path: "/api/v1/access-requests",
    operationId: "listAccessRequests",
    summary: "The maintainers' queue of access requests",
    tag: "Access",
    auth: "required",
    query: accessListQuery,
    success: { status: 200, description: "requests, oldest first", schema: z.strictObject({ requests: z.array(accessRequestSchema) }), name: "AccessRequestList" },
    errors: { 400: "invalid status", 401: "no valid credentials", 403: "the caller is not a maintainer or admin" },
  },
  {
    method: "post",
    path: "/api/v1/access-requests/status",
    operationId: "getAccessRequestStatus",
    summary: "What became of a request, by its claim code",
    tag: "Access",
    auth: "none",
    body: { schema: claimInput, contentType: "application/json", required: true },
    success: { status: 200, description: "the request", schema: accessRequestSchema, name: "AccessRequest" },
    errors: { 400: "not a claim code", 404: "no request has that claim code" },
  },
  {
    method: "post",
    path: "/api/v1/access-requests/claim",
    operationId: "claimAccess",
    summary: "Claim an approved request: creates the account and shows its first API token once",
    tag: "Access",
    auth: "none",
    body: { schema: claimInput, contentType: "application/json", required: true },
    success: { status: 201, description: "the new account's first token", schema: claimedSchema, name: "AccessClaimed" },
    errors: { 400: "not a claim code", 403: "the request was refused, or its code expired", 404: "no request has that claim code", 409: "not decided yet, already claimed, or the email has an account" },
  },
  ...(["approve", "refuse"] as const).map(
    (d): Operation => ({
      method: "post",
      path: `/api/v1/access-requests/{id}/${d}`,
      operationId: `${d}AccessRequest`,
      summary: d === "approve" ? "Approve an access request (audited)" : "Refuse an access request (audited; the reason is shown to the requester)",
      tag: "Access",
      auth: "required",
      pathParams: { id: "access request id" },
      body: { schema: decideInput, contentType: "application/json", required: d === "refuse" },
      success: { status: 200, description: "the decided request", schema: accessRequestSchema, name: "AccessRequest" },
      errors: {
        400: d === "refuse" ? "no reason given" : "invalid body",
        401: "no valid credentials",
        403: "the caller is not a maintainer or admin, or a cross-origin request made with a session cookie",
        404: "no such request",
        409: d === "approve" ? "not pending, or the email already has an account" : "not pending",
      },
    }),
  ),
];
