import { createTokenInput } from "@/lib/auth/create-token";
import { meSchema } from "@/lib/auth/me";
import { tokenListSchema, tokenRevokedSchema, tokenSecretSchema } from "@/lib/auth/token-view";
import type { Operation } from "../operation";

export const ACCOUNT_OPERATIONS: Operation[] = [
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
    description:
      "The new token has the old one's name and lifetime, but never outlives the token making the request (rotating the token in use keeps its expiry); the old one stops working in the same transaction.",
    tag: "Accounts",
    auth: "required",
    pathParams: { id: "token id" },
    success: { status: 201, description: "the replacement token", schema: tokenSecretSchema, name: "TokenSecret" },
    errors: { 401: "no valid credentials", 404: "no such token among the caller's", 409: "the token is revoked" },
  },
];
