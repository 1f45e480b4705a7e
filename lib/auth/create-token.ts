import { z } from "zod";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { plainText } from "@/lib/text/plain-text";
import type { Principal } from "./principal";
import { expiryAfterDays, generateToken, MAX_TOKEN_DAYS } from "./tokens";
import { TOKEN_SELECT, toTokenView, type TokenSecret } from "./token-view";

export const createTokenInput = z.strictObject({
  name: z.string().trim().max(100).superRefine(plainText("line")).optional().describe("a label, e.g. the machine or CI job that uses it"),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOKEN_DAYS)
    .optional()
    .describe("lifetime in days (default: EXECBOARD_TOKEN_TTL_DAYS, 90 unless configured)"),
});
export type CreateTokenInput = z.infer<typeof createTokenInput>;

// Issues a new API token to the viewer. The secret is returned once; only its hash is stored.
// A token never outlives the credential that asked for it: it is cut to the requesting token's
// expiry, and asking for more whole days than that token has left is refused, so a leaked token that is about
// to expire cannot be turned into a long-lived one (nor by rotating it: rotate-token.ts).
export async function createToken(viewer: Principal, input: CreateTokenInput): Promise<TokenSecret> {
  const t = generateToken();
  const limit = await credentialExpiry(viewer);
  let expiresAt = expiryAfterDays(input.expiresInDays ?? getConfig().EXECBOARD_TOKEN_TTL_DAYS);
  if (limit && expiresAt > limit) {
    // Within the requesting token's last (part of a) day the new one is cut to its expiry; asking
    // for whole days beyond that is refused.
    const left = Math.max(1, Math.ceil((limit.getTime() - Date.now()) / 86_400_000));
    if (input.expiresInDays !== undefined && input.expiresInDays > left) {
      throw new AppError(
        "BAD_REQUEST",
        `expiresInDays: the token you are using expires on ${limit.toISOString()}, and a token it creates cannot outlive it; ` +
          `ask for at most ${left} day${left === 1 ? "" : "s"}; for a longer-lived token, ask an operator (execboard users token --email …)`,
      );
    }
    expiresAt = limit;
  }
  const row = await db().apiToken.create({
    data: { userId: viewer.userId, tokenHash: t.hash, prefix: t.prefix, name: input.name ?? "", expiresAt },
    select: TOKEN_SELECT,
  });
  return { token: t.token, info: toTokenView(row, viewer.tokenId), replaces: null };
}

/** When the token behind the request (directly, or through the web session it opened) expires; null: never, or a script's principal. */
export async function credentialExpiry(viewer: Principal): Promise<Date | null> {
  if (!viewer.tokenId) return null;
  const row = await db().apiToken.findUnique({ where: { id: viewer.tokenId }, select: { expiresAt: true } });
  return row?.expiresAt ?? null;
}
