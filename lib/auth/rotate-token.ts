import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { credentialExpiry } from "./create-token";
import type { Principal } from "./principal";
import { expiryAfterDays, generateToken, MAX_TOKEN_DAYS, TOKEN_ID_PATTERN } from "./tokens";
import { TOKEN_SELECT, toTokenView, type TokenSecret } from "./token-view";

// Replaces one of the viewer's tokens with a fresh secret of the same name and lifetime, in one
// transaction: the old token (and its web sessions) stop working the moment the new one exists.
// A revoked token cannot be rotated; an expired one can, from another token. Like a created
// token, the new one never outlives the token making the request: rotating the token in use
// replaces its secret and keeps its expiry, so a leaked token cannot be kept alive by rotating
// it. Only the operator (execboard users token, or the CLI without a token) issues a token past
// what the caller's own credential has left.
export async function rotateToken(viewer: Principal, tokenId: string): Promise<TokenSecret> {
  if (!TOKEN_ID_PATTERN.test(tokenId)) throw new AppError("NOT_FOUND", `no token ${tokenId}`);
  const t = generateToken();
  const limit = await credentialExpiry(viewer);
  const row = await db().$transaction(async (tx) => {
    const old = await tx.apiToken.findFirst({
      where: { id: tokenId, userId: viewer.userId },
      select: { id: true, name: true, prefix: true, createdAt: true, expiresAt: true, revokedAt: true },
    });
    if (!old) throw new AppError("NOT_FOUND", `no token ${tokenId}`);
    // A concurrent rotation or revocation wins the race; this one then fails cleanly.
    const revoked = await tx.apiToken.updateMany({ where: { id: old.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (revoked.count === 0) throw new AppError("CONFLICT", `token ${old.prefix}… is revoked; create a new one instead`);
    await tx.session.deleteMany({ where: { tokenId: old.id } });
    const days = old.expiresAt
      ? Math.min(MAX_TOKEN_DAYS, Math.max(1, Math.round((old.expiresAt.getTime() - old.createdAt.getTime()) / 86_400_000)))
      : getConfig().EXECBOARD_TOKEN_TTL_DAYS;
    const wanted = expiryAfterDays(days);
    return tx.apiToken.create({
      data: { userId: viewer.userId, tokenHash: t.hash, prefix: t.prefix, name: old.name, expiresAt: limit && wanted > limit ? limit : wanted },
      select: TOKEN_SELECT,
    });
  });
  return { token: t.token, info: toTokenView(row, viewer.tokenId), replaces: tokenId };
}
