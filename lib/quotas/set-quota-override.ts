import { z } from "zod";
import { requireRole } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { organisationBySlug } from "@/lib/organisations/find-organisation";
import { computeQuota, type QuotaSubjectRow } from "./compute-quota";
import { changeOverride } from "./next-limits";
import { overrideRow } from "./override-row";
import { quotaOwner } from "./quota-owner";
import type { QuotaView } from "./quota-view";

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

// An admin sets (or clears) one user's, or one organisation's, limits on one benchmark (an
// organisation's: the limits all its members' submissions for it share). Clearing all three
// removes the override, so the defaults apply again. Answers with the quota as it now stands.
export async function setQuotaOverride(viewer: Principal, input: SetQuotaOverrideInput): Promise<QuotaView> {
  requireRole(viewer, ["admin"], "change quotas");
  const [subject, benchmark] = await Promise.all([
    overrideSubject(viewer, input),
    db().benchmark.findUnique({ where: { slug: input.benchmark }, select: { id: true, slug: true } }),
  ]);
  if (!benchmark) throw new AppError("NOT_FOUND", `no benchmark named ${input.benchmark}`);
  return db().$transaction(async (tx) => {
    await changeOverride(overrideRow(tx, quotaOwner(subject.user.id, subject.organisation), benchmark.id), input);
    return computeQuota(tx, { ...subject, benchmark });
  });
}

/** Whose limits change: the organisation named (its quota as the admin sees it), or the user with that email. */
async function overrideSubject(viewer: Principal, input: SetQuotaOverrideInput): Promise<Omit<QuotaSubjectRow, "benchmark">> {
  if (input.organisation !== undefined) return { user: { id: viewer.userId, email: viewer.email }, organisation: await organisationBySlug(input.organisation) };
  if (input.email === undefined) throw new AppError("BAD_REQUEST", "give either email or organisation");
  const user = await db().user.findUnique({ where: { email: input.email }, select: { id: true, email: true } });
  if (!user) throw new AppError("NOT_FOUND", `no user with email ${input.email}`);
  return { user };
}
