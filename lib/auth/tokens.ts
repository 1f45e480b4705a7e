import crypto from "node:crypto";

// API tokens are random, shown once, and stored only as a SHA-256 hash. The prefix is kept in
// clear so a user can tell their tokens apart.
const TOKEN_PREFIX = "ebt_";

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
