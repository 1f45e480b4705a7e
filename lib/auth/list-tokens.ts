import { db } from "@/lib/db/client";
import type { Principal } from "./principal";
import { TOKEN_SELECT, toTokenView, type TokenList } from "./token-view";

// The viewer's own tokens, newest first, with revoked and expired ones marked as such.
export async function listTokens(viewer: Principal): Promise<TokenList> {
  const rows = await db().apiToken.findMany({ where: { userId: viewer.userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: TOKEN_SELECT });
  return { tokens: rows.map((r) => toTokenView(r, viewer.tokenId)) };
}
