import crypto from "node:crypto";

// API tokens are random, shown once, and stored only as a SHA-256 hash. The prefix is kept in
// clear so a user can tell their tokens apart.
const TOKEN_PREFIX = "ebt_";
export const TOKEN_PATTERN = /^ebt_[A-Za-z0-9_-]{20,100}$/;
export const MAX_TOKEN_DAYS = 365;
export const TOKEN_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewToken {
  token: string;
  hash: string;
  prefix: string;
}

export function generateToken(): NewToken {
  const token = TOKEN_PREFIX + crypto.randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token), prefix: token.slice(0, 10) };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

export function expiryAfterDays(days: number, from = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}
