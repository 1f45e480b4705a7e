import { db } from "@/lib/db/client";
import type { Principal } from "./principal";
import { hashToken } from "./tokens";

export type SessionCheck = { viewer: Principal; problem?: undefined } | { viewer: null; problem: string };

// Resolves a session cookie value. A session is valid while it has not expired and the token
// that opened it is neither revoked nor expired.
export async function verifySession(raw: string): Promise<SessionCheck> {
  const row = await db().session.findUnique({
    where: { sessionHash: hashToken(raw) },
    select: {
      expiresAt: true,
      token: { select: { id: true, revokedAt: true, expiresAt: true } },
      user: { select: { id: true, email: true, role: true, memberships: { select: { organisationId: true } } } },
    },
  });
  const now = Date.now();
  if (!row) return { viewer: null, problem: "your session is no longer valid; sign in again at /signin" };
  if (row.expiresAt.getTime() <= now || (row.token.expiresAt && row.token.expiresAt.getTime() <= now)) {
    return { viewer: null, problem: "your session has expired; sign in again at /signin" };
  }
  if (row.token.revokedAt) return { viewer: null, problem: "the token this session was opened with has been revoked; sign in again at /signin" };
  const organisationIds = row.user.memberships.map((m) => m.organisationId);
  return { viewer: { userId: row.user.id, email: row.user.email, role: row.user.role, via: "session", tokenId: row.token.id, organisationIds } };
}
