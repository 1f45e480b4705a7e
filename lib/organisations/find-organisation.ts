import { isMaintainer, isMemberOf } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db, type PrismaClient, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { OrganisationRef } from "./organisation-ref";
import { ORGANISATION_SELECT, toOrganisationView, type OrganisationRow, type OrganisationView } from "./organisation-view";

export async function findOrganisation(slug: string, client: PrismaClient | Tx = db()): Promise<OrganisationRow> {
  const org = await client.organisation.findUnique({ where: { slug }, select: ORGANISATION_SELECT });
  if (!org) throw new AppError("NOT_FOUND", `no organisation named ${slug}`);
  return org;
}

/** The organisation named by `slug` (id, slug, display name), or NOT_FOUND. */
export async function organisationBySlug(slug: string, client: PrismaClient | Tx = db()): Promise<OrganisationRef> {
  const org = await client.organisation.findUnique({ where: { slug }, select: { id: true, slug: true, name: true } });
  if (!org) throw new AppError("NOT_FOUND", `no organisation named ${slug}`);
  return org;
}

/**
 * What someone who may not see an organisation is told: the same as for one that does not
 * exist, so whether a name is taken does not leak to outsiders.
 */
export function notYourOrganisation(slug: string): AppError {
  return new AppError("NOT_FOUND", `you belong to no organisation named ${slug}`);
}

// An organisation with its members, for its members, maintainers and admins; others are told
// there is none of that name among theirs, whether or not it exists.
export async function getOrganisation(viewer: Principal, slug: string): Promise<OrganisationView> {
  const org = await db().organisation.findUnique({ where: { slug }, select: ORGANISATION_SELECT });
  if (isMaintainer(viewer)) {
    if (!org) throw new AppError("NOT_FOUND", `no organisation named ${slug}`);
    return toOrganisationView(org, viewer.userId);
  }
  if (!org || !isMemberOf(viewer, org.id)) throw notYourOrganisation(slug);
  return toOrganisationView(org, viewer.userId);
}
