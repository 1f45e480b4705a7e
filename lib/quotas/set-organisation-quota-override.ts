import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { organisationBySlug } from "@/lib/organisations/find-organisation";
import { computeQuota } from "./compute-quota";
import { changeOverride, LIMIT_COLUMNS } from "./next-limits";
import type { QuotaView } from "./quota-view";
import type { SetQuotaOverrideInput } from "./set-quota-override";

// setQuotaOverride for an organisation (the caller checked the viewer is an admin): the same
// rules, on the limits all its members' submissions for it share.
export async function setOrganisationOverride(viewer: Principal, input: SetQuotaOverrideInput & { organisation: string }): Promise<QuotaView> {
  const [organisation, benchmark] = await Promise.all([
    organisationBySlug(input.organisation),
    db().benchmark.findUnique({ where: { slug: input.benchmark }, select: { id: true, slug: true } }),
  ]);
  if (!benchmark) throw new AppError("NOT_FOUND", `no benchmark named ${input.benchmark}`);
  const key = { organisationId_benchmarkId: { organisationId: organisation.id, benchmarkId: benchmark.id } };
  return db().$transaction(async (tx) => {
    await changeOverride(await tx.organisationQuotaOverride.findUnique({ where: key, select: LIMIT_COLUMNS }), input, {
      remove: () => tx.organisationQuotaOverride.deleteMany({ where: { organisationId: organisation.id, benchmarkId: benchmark.id } }),
      save: (next) => tx.organisationQuotaOverride.upsert({ where: key, create: { organisationId: organisation.id, benchmarkId: benchmark.id, ...next }, update: next }),
    });
    return computeQuota(tx, { user: { id: viewer.userId, email: viewer.email }, organisation, benchmark });
  });
}
