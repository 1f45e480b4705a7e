import { z } from "zod";

const triple = z.strictObject({
  perDay: z.number().int().describe("submissions per UTC day"),
  total: z.number().int().describe("submissions in all"),
  concurrent: z.number().int().describe("submissions being scored at the same time"),
});

// What a vendor (or an organisation) may still submit to one benchmark. Baselines are never
// counted; submissions the platform failed are refunded (counted in `refunded`, not in `used`).
export const quotaViewSchema = z.strictObject({
  benchmark: z.string(),
  user: z.strictObject({ id: z.string().uuid(), email: z.string() }).describe("whose quota this is; for an organisation's, who asked"),
  organisation: z
    .strictObject({ slug: z.string(), name: z.string() })
    .nullable()
    .describe("set: the organisation's quota, shared by all its members' submissions for it; null: the user's own (personal submissions)"),
  limits: triple,
  used: triple,
  remaining: triple,
  available: z.number().int().describe("how many submissions can be started right now: the smallest remaining"),
  overridden: z.boolean().describe("true when an admin set limits for this user (or organisation) and benchmark"),
  refunded: z.number().int().describe("submissions failed by the platform, which do not count"),
  dayResetsAt: z.iso.datetime().describe("when the per-day count starts again (UTC midnight)"),
});
export type QuotaView = z.infer<typeof quotaViewSchema>;
export type QuotaTriple = QuotaView["limits"];
