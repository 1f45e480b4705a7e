import { z } from "zod";
import { requireRole } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { computeQuota } from "./compute-quota";
import type { QuotaView } from "./quota-view";
import { changeOverride, LIMIT_COLUMNS } from "./next-limits";
import { setOrganisationOverride } from "./set-organisation-quota-override";

const limit = z.number().int().min(0).max(1_000_000).nullable().optional();

export const setQuotaOverrideInput = z
  .strictObject({
  email: z.string().email().optional().describe("the user whose limits change (for their personal submissions); give this or organisation"),
  organisation: z.string().min(1).optional().describe("the organisation whose limits change (its slug); give this or email"),
  benchmark: z.string().min(1).describe("benchmark slug"),
  perDay: limit.describe("new per-day limit; null returns to the default; omitted leaves it as it is"),
  total: limit.describe("new total limit; null returns to the default; omitted leaves it as it is"),
  concurrent: limit.describe("new concurrency limit; null returns to the default; omitted leaves it as it is"),
  })
  .refine((v) => (v.email === undefined) !== (v.organisation === undefined), { message: "give either email (a user's limits) or organisation (an organisation's), not both" });
export type SetQuotaOverrideInput = z.infer<typeof setQuotaOverrideInput>;

// An admin sets (or clears) one user's, or one organisation's, limits on one benchmark. Clearing
// all three removes the override, so the defaults apply again. Answers with the quota as it now
// stands.
export async function setQuotaOverride(viewer: Principal, input: SetQuotaOverrideInput): Promise<QuotaView> {
  requireRole(viewer, ["admin"], "change quotas");
  if (input.organisation !== undefined) return setOrganisationOverride(viewer, { ...input, organisation: input.organisation });
  if (input.email === undefined) throw new AppError("BAD_REQUEST", "give either email or organisation");
  const [user, benchmark] = await Promise.all([
    db().user.findUnique({ where: { email: input.email }, select: { id: true, email: true } }),
    db().benchmark.findUnique({ where: { slug: input.benchmark }, select: { id: true, slug: true } }),
  ]);
  if (!user) throw new AppError("NOT_FOUND", `no user with email ${input.email}`);
  if (!benchmark) throw new AppError("NOT_FOUND", `no benchmark named ${input.benchmark}`);
  const key = { userId_benchmarkId: { userId: user.id, benchmarkId: benchmark.id } };
  return db().$transaction(async (tx) => {
    await changeOverride(await tx.quotaOverride.findUnique({ where: key, select: LIMIT_COLUMNS }), input, {
      remove: () => tx.quotaOverride.deleteMany({ where: { userId: user.id, benchmarkId: benchmark.id } }),
      save: (next) => tx.quotaOverride.upsert({ where: key, create: { userId: user.id, benchmarkId: benchmark.id, ...next }, update: next }),
    });
    return computeQuota(tx, { user, benchmark });
  });
}
