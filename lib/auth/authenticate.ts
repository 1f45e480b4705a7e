import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { hashToken } from "./tokens";

export interface Principal {
  userId: string;
  email: string;
  role: "vendor" | "maintainer" | "admin";
}

// Resolves an `Authorization: Bearer <token>` header to a user, or throws UNAUTHORIZED.
export async function authenticateBearer(header: string | null): Promise<Principal> {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw new AppError("UNAUTHORIZED", "missing or malformed Authorization header (expected: Bearer <token>)");
  const row = await db().apiToken.findUnique({
    where: { tokenHash: hashToken(match[1]) },
    select: { id: true, revokedAt: true, expiresAt: true, user: { select: { id: true, email: true, role: true } } },
  });
  if (!row || row.revokedAt) throw new AppError("UNAUTHORIZED", "unknown or revoked API token");
  if (row.expiresAt && row.expiresAt.getTime() < Date.now()) throw new AppError("UNAUTHORIZED", "API token has expired");
  await db().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { userId: row.user.id, email: row.user.email, role: row.user.role };
}

// Optional variant for read endpoints that show more to signed-in users.
export async function authenticateOptional(header: string | null): Promise<Principal | null> {
  if (!header) return null;
  return authenticateBearer(header);
}

export function isMaintainer(p: Principal | null): boolean {
  return p?.role === "maintainer" || p?.role === "admin";
}
