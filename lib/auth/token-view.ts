import { z } from "zod";

// The public form of an API token. The secret itself appears only once, in the answer to
// create or rotate (tokenSecretSchema); stored tokens are hashes.
export const tokenViewSchema = z.strictObject({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string().describe("the first characters of the token, to tell tokens apart"),
  status: z.enum(["active", "expired", "revoked"]),
  current: z.boolean().describe("true for the token (or the session's token) making this request"),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type TokenView = z.infer<typeof tokenViewSchema>;

export const tokenListSchema = z.strictObject({ tokens: z.array(tokenViewSchema) });
export type TokenList = z.infer<typeof tokenListSchema>;

export const tokenSecretSchema = z.strictObject({
  token: z.string().describe("the new API token; shown only in this answer, store it now"),
  info: tokenViewSchema,
  replaces: z.string().uuid().nullable().describe("the id of the token this one replaced (rotation), else null"),
});
export type TokenSecret = z.infer<typeof tokenSecretSchema>;

export const tokenRevokedSchema = z.strictObject({ info: tokenViewSchema });

export const TOKEN_SELECT = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export function toTokenView(row: TokenRow, currentTokenId: string | undefined, now = Date.now()): TokenView {
  const status = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt.getTime() <= now ? "expired" : "active";
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    status,
    current: row.id === currentTokenId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
