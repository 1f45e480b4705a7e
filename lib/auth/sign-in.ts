import crypto from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "./principal";
import { hashToken, TOKEN_PATTERN } from "./tokens";
import { verifyToken } from "./verify-token";

export const signInInput = z.object({
  token: z.string().trim().regex(TOKEN_PATTERN, "that does not look like an ExecBoard API token (ebt_…)"),
});

export interface SignedIn {
  /** The raw session id for the cookie; only its hash is stored. */
  sessionId: string;
  expiresAt: Date;
  viewer: Principal;
}

// Opens a web session for the owner of a valid API token. The session ends at the configured
// lifetime or when the token expires, whichever is first, and with the token's revocation.
export async function signIn(input: z.input<typeof signInInput>): Promise<SignedIn> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0].message);
  const token = await verifyToken(parsed.data.token);
  const now = Date.now();
  const lifetime = now + getConfig().EXECBOARD_SESSION_TTL_HOURS * 3_600_000;
  const expiresAt = new Date(Math.min(lifetime, token.expiresAt?.getTime() ?? lifetime));
  const sessionId = crypto.randomBytes(32).toString("base64url");
  await db().$transaction([
    db().session.deleteMany({ where: { userId: token.userId, expiresAt: { lt: new Date(now) } } }),
    db().session.create({ data: { sessionHash: hashToken(sessionId), userId: token.userId, tokenId: token.tokenId, expiresAt } }),
  ]);
  return { sessionId, expiresAt, viewer: { userId: token.userId, email: token.email, role: token.role, via: "session", tokenId: token.tokenId } };
}
