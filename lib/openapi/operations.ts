import { createTokenInput } from "@/lib/auth/create-token";
import { meSchema } from "@/lib/auth/me";
import { tokenListSchema, tokenRevokedSchema, tokenSecretSchema } from "@/lib/auth/token-view";
import { getQuotaInput } from "@/lib/quotas/get-quota";
import { quotaViewSchema } from "@/lib/quotas/quota-view";
import { setQuotaOverrideInput } from "@/lib/quotas/set-quota-override";
import { z } from "zod";
import type { Operation } from "./operation";
import { healthSchema } from "./schemas/common";
import { leaderboardQuerySchema, leaderboardSchema } from "./schemas/leaderboard";
import { createdSubmissionSchema, submissionUploadSchema, submissionViewSchema } from "./schemas/submissions";

const openApiDocumentSchema = z.record(z.string(), z.unknown()).describe("an OpenAPI 3.1 document");

// Every route under app/api/v1, documented. tests/openapi checks that this list and the route
// files agree, method for method.
export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/health",
    operationId: "getHealth",
    summary: "Liveness, with a database round trip",
    tag: "Meta",
    auth: "none",
    success: { status: 200, description: "the service and its database answer", schema: healthSchema, name: "Health" },
    errors: {},
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApi",
    summary: "This document",
    tag: "Meta",
    auth: "none",
    success: { status: 200, description: "the OpenAPI 3.1 description of /api/v1", schema: openApiDocumentSchema, name: "OpenApiDocument" },
    errors: {},
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
    query: leaderboardQuerySchema,
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
      "An accepted one counts against the caller's quota on the benchmark (see GET /api/v1/quota) unless the platform later fails it.",
    tag: "Submissions",
    auth: "required",
    pathParams: { slug: "benchmark slug" },
    body: { schema: submissionUploadSchema, contentType: "multipart/form-data", required: true },
    success: { status: 202, description: "accepted and queued", schema: createdSubmissionSchema, name: "CreatedSubmission" },
    errors: {
      400: "not multipart, a field is missing, or the metadata is invalid",
      401: "no valid credentials",
      404: "no such benchmark",
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
    description: "Unpublished submissions are visible to their owner and to maintainers only; anyone else gets 404.",
    tag: "Submissions",
    auth: "optional",
    pathParams: { id: "submission id" },
    success: { status: 200, description: "the submission", schema: submissionViewSchema, name: "Submission" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission, or not visible to the caller" },
  },
  {
    method: "get",
    path: "/api/v1/me",
    operationId: "getMe",
    summary: "The signed-in user",
    tag: "Accounts",
    auth: "required",
    success: { status: 200, description: "who the caller is", schema: meSchema, name: "Me" },
    errors: { 401: "no valid credentials (TOKEN_EXPIRED for an expired token)" },
  },
  {
    method: "get",
    path: "/api/v1/tokens",
    operationId: "listTokens",
    summary: "The caller's API tokens",
    description: "Secrets are never shown again after creation; `prefix` tells tokens apart.",
    tag: "Accounts",
    auth: "required",
    success: { status: 200, description: "the caller's tokens, newest first", schema: tokenListSchema, name: "TokenList" },
    errors: { 401: "no valid credentials" },
  },
  {
    method: "post",
    path: "/api/v1/tokens",
    operationId: "createToken",
    summary: "Create an API token",
    description: "The token is in this answer only; ExecBoard stores its hash.",
    tag: "Accounts",
    auth: "required",
    body: { schema: createTokenInput, contentType: "application/json", required: false },
    success: { status: 201, description: "the new token", schema: tokenSecretSchema, name: "TokenSecret" },
    errors: { 400: "invalid name or lifetime", 401: "no valid credentials" },
  },
  {
    method: "delete",
    path: "/api/v1/tokens/{id}",
    operationId: "revokeToken",
    summary: "Revoke an API token",
    description: "Takes effect at once, also for web sessions opened with the token. Revoking twice is harmless.",
    tag: "Accounts",
    auth: "required",
    pathParams: { id: "token id" },
    success: { status: 200, description: "the revoked token", schema: tokenRevokedSchema, name: "TokenRevoked" },
    errors: { 401: "no valid credentials", 403: "a cross-origin request made with a session cookie", 404: "no such token among the caller's" },
  },
  {
    method: "post",
    path: "/api/v1/tokens/{id}/rotate",
    operationId: "rotateToken",
    summary: "Replace an API token with a new one",
    description: "The new token has the old one's name and lifetime; the old one stops working in the same transaction.",
    tag: "Accounts",
    auth: "required",
    pathParams: { id: "token id" },
    success: { status: 201, description: "the replacement token", schema: tokenSecretSchema, name: "TokenSecret" },
    errors: { 401: "no valid credentials", 404: "no such token among the caller's", 409: "the token is revoked" },
  },
  {
    method: "get",
    path: "/api/v1/quota",
    operationId: "getQuota",
    summary: "Submission quota on a benchmark: limits, usage, remaining",
    description:
      "Counts every accepted, non-baseline submission to any version of the benchmark, except those the platform failed (refunded). " +
      "The per-day count restarts at UTC midnight.",
    tag: "Quotas",
    auth: "required",
    query: getQuotaInput,
    success: { status: 200, description: "the quota", schema: quotaViewSchema, name: "Quota" },
    errors: { 400: "benchmark missing", 401: "no valid credentials", 403: "asked for another user's quota without being a maintainer", 404: "no such benchmark or user" },
  },
  {
    method: "put",
    path: "/api/v1/quota/overrides",
    operationId: "setQuotaOverride",
    summary: "Set or clear one user's limits on one benchmark (admins)",
    tag: "Quotas",
    auth: "required",
    body: { schema: setQuotaOverrideInput, contentType: "application/json", required: true },
    success: { status: 200, description: "the user's quota with the new limits", schema: quotaViewSchema, name: "Quota" },
    errors: { 400: "invalid limits", 401: "no valid credentials", 403: "the caller is not an admin", 404: "no such user or benchmark" },
  },
];
