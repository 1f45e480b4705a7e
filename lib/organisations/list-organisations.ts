import { isMaintainer } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { ORGANISATION_SELECT, toOrganisationView, type OrganisationList } from "./organisation-view";

// The caller's organisations; maintainers, admins and operators (no principal) see all of them.
export async function listOrganisations(viewer: Principal | null): Promise<OrganisationList> {
  const everyone = viewer === null || isMaintainer(viewer);
  const rows = await db().organisation.findMany({
    where: everyone ? {} : { members: { some: { userId: viewer.userId } } },
    orderBy: { slug: "asc" },
    select: ORGANISATION_SELECT,
  });
  return { organisations: rows.map((o) => toOrganisationView(o, viewer?.userId ?? null)) };
}
