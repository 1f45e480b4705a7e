import { z } from "zod";
import { isMaintainer, isMemberOf } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { notYourOrganisation, organisationBySlug } from "@/lib/organisations/find-organisation";
import { AppError } from "@/lib/errors/app-error";
import { computeQuota } from "./compute-quota";
import type { QuotaView } from "./quota-view";

export const getQuotaInput = z.object({
  benchmark: z.string({ error: "benchmark is required (?benchmark=<slug>)" }).min(1, "benchmark is required (?benchmark=<slug>)").describe("benchmark slug"),
  email: z.string().email().optional().describe("another user's quota (maintainers and admins only)"),
  organisation: z.string().min(1).optional().describe("an organisation's quota (its slug): what its members' submissions for it share; members, maintainers and admins"),
});

// The viewer's quota on a benchmark; maintainers and admins may look up anyone's. With an
// organisation, that organisation's (shared by its members' submissions for it).
export async function getQuota(viewer: Principal, input: z.infer<typeof getQuotaInput>): Promise<QuotaView> {
  const benchmark = await db().benchmark.findUnique({ where: { slug: input.benchmark }, select: { id: true, slug: true } });
  if (!benchmark) throw new AppError("NOT_FOUND", `no benchmark named ${input.benchmark}`);
  if (input.organisation) {
    if (input.email) throw new AppError("BAD_REQUEST", "ask for a user's quota (email) or an organisation's (organisation), not both");
    const organisation = await organisationBySlug(input.organisation).catch((e) => {
      throw isMaintainer(viewer) ? e : notYourOrganisation(input.organisation!);
    });
    if (!isMaintainer(viewer) && !isMemberOf(viewer, organisation.id)) throw notYourOrganisation(input.organisation);
    return computeQuota(db(), { user: { id: viewer.userId, email: viewer.email }, organisation, benchmark });
  }
  let user = { id: viewer.userId, email: viewer.email };
  if (input.email && input.email !== viewer.email) {
    if (!isMaintainer(viewer)) throw new AppError("FORBIDDEN", "only maintainers and admins can see another user's quota");
    const other = await db().user.findUnique({ where: { email: input.email }, select: { id: true, email: true } });
    if (!other) throw new AppError("NOT_FOUND", `no user with email ${input.email}`);
    user = other;
  }
  return computeQuota(db(), { user, benchmark });
}
