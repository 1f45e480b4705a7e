import { z } from "zod";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Principal } from "./principal";
import { expiryAfterDays, generateToken, MAX_TOKEN_DAYS } from "./tokens";
import { TOKEN_SELECT, toTokenView, type TokenSecret } from "./token-view";

export const createTokenInput = z.strictObject({
  name: z.string().trim().max(100).optional().describe("a label, e.g. the machine or CI job that uses it"),
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
export async function createToken(viewer: Principal, input: CreateTokenInput): Promise<TokenSecret> {
  const t = generateToken();
  const days = input.expiresInDays ?? getConfig().EXECBOARD_TOKEN_TTL_DAYS;
  const row = await db().apiToken.create({
    data: { userId: viewer.userId, tokenHash: t.hash, prefix: t.prefix, name: input.name ?? "", expiresAt: expiryAfterDays(days) },
    select: TOKEN_SELECT,
  });
  return { token: t.token, info: toTokenView(row, viewer.tokenId), replaces: null };
}
