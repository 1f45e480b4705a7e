import { createTokenInput } from "@/lib/auth/create-token";
import { meSchema } from "@/lib/auth/me";
import { tokenListSchema, tokenRevokedSchema, tokenSecretSchema } from "@/lib/auth/token-view";
import { answer, created, defineOperations, jsonBody, ok } from "../operation";

const tokenSecret = answer("TokenSecret", tokenSecretSchema);
const NOT_THE_CALLERS = "no such token among the caller's";

export const ACCOUNT_OPERATIONS = defineOperations({ tag: "Accounts", access: "signed-in" }, {
  "GET /api/v1/me": {
    id: "getMe",
    summary: "The signed-in user",
    success: ok("who the caller is", answer("Me", meSchema)),
    errors: { 401: "no valid credentials (TOKEN_EXPIRED for an expired token)" },
  },
  "GET /api/v1/tokens": {
    id: "listTokens",
    summary: "The caller's API tokens",
    description: "Secrets are never shown again after creation; `prefix` tells tokens apart.",
    success: ok("the caller's tokens, newest first", answer("TokenList", tokenListSchema)),
  },
  "POST /api/v1/tokens": {
    id: "createToken",
    summary: "Create an API token",
    description: "The token is in this answer only; ExecBoard stores its hash.",
    body: jsonBody(createTokenInput, false),
    success: created("the new token", tokenSecret),
    errors: { 400: "invalid name or lifetime" },
  },
  "DELETE /api/v1/tokens/{id}": {
    id: "revokeToken",
    summary: "Revoke an API token",
    description: "Takes effect at once, also for web sessions opened with the token. Revoking twice is harmless.",
    success: ok("the revoked token", answer("TokenRevoked", tokenRevokedSchema)),
    errors: { 404: NOT_THE_CALLERS },
  },
  "POST /api/v1/tokens/{id}/rotate": {
    id: "rotateToken",
    summary: "Replace an API token with a new one",
    description:
      "The new token has the old one's name and lifetime, but never outlives the token making the request (rotating the token in use keeps its expiry); the old one stops working in the same transaction.",
    success: created("the replacement token", tokenSecret),
    errors: { 404: NOT_THE_CALLERS, 409: "the token is revoked" },
  },
});
