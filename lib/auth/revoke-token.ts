import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "./principal";
import { TOKEN_ID_PATTERN } from "./tokens";
import { TOKEN_SELECT, toTokenView, type TokenView } from "./token-view";

// Revokes one of the viewer's tokens at once, and with it every web session opened with it.
// Revoking twice is harmless. Someone else's token is NOT_FOUND, as if it did not exist.
export async function revokeToken(viewer: Principal, tokenId: string): Promise<{ info: TokenView }> {
  if (!TOKEN_ID_PATTERN.test(tokenId)) throw new AppError("NOT_FOUND", `no token ${tokenId}`);
  const row = await db().$transaction(async (tx) => {
    const found = await tx.apiToken.findFirst({ where: { id: tokenId, userId: viewer.userId }, select: { id: true, revokedAt: true } });
    if (!found) throw new AppError("NOT_FOUND", `no token ${tokenId}`);
    await tx.session.deleteMany({ where: { tokenId } });
    if (found.revokedAt) return tx.apiToken.findUniqueOrThrow({ where: { id: tokenId }, select: TOKEN_SELECT });
    return tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() }, select: TOKEN_SELECT });
  });
  return { info: toTokenView(row, viewer.tokenId) };
}
