import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "./principal";
import { hashToken } from "./tokens";

// Recording every use would write on every request; a minute's resolution is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

// Resolves a raw API token to its user. Unknown, revoked and expired tokens are refused, each
// with a message saying which (an expired one with its own code, so clients can tell).
export async function verifyToken(raw: string): Promise<Principal & { tokenId: string; expiresAt: Date | null }> {
  const row = await db().apiToken.findUnique({
    where: { tokenHash: hashToken(raw) },
    select: {
      id: true,
      prefix: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      user: { select: { id: true, email: true, role: true, memberships: { select: { organisationId: true } } } },
    },
  });
  if (!row) throw new AppError("UNAUTHORIZED", "unknown or revoked API token");
  if (row.revokedAt) throw new AppError("UNAUTHORIZED", `API token ${row.prefix}… was revoked on ${row.revokedAt.toISOString()}`);
  const now = Date.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now) {
    throw new AppError(
      "TOKEN_EXPIRED",
      `API token ${row.prefix}… expired on ${row.expiresAt.toISOString()}; create a new one with another valid token ` +
        "(execboard tokens create) or ask an admin (execboard users token --email <you>)",
      { expiredAt: row.expiresAt.toISOString() },
    );
  }
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return {
    userId: row.user.id,
    email: row.user.email,
    role: row.user.role,
    via: "token",
    tokenId: row.id,
    expiresAt: row.expiresAt,
    organisationIds: row.user.memberships.map((m) => m.organisationId),
  };
}
