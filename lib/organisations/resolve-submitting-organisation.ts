import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { notYourOrganisation } from "./find-organisation";
import type { OrganisationRef } from "./organisation-ref";

export const submitOrganisationField = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe("submit on behalf of this organisation (its slug); you must be a member. Its quota is charged and its members see the submission");

// The organisation a submission is made for, or null for a personal one. Membership is read
// from the database (not from the principal) so it is current at the moment of submitting; a
// non-member is refused before anything is written or charged.
export async function resolveSubmittingOrganisation(principal: Principal, slug: string | null | undefined): Promise<OrganisationRef | null> {
  if (slug === null || slug === undefined || slug === "") return null;
  const org = await db().organisation.findUnique({
    where: { slug },
    select: { id: true, slug: true, name: true, members: { where: { userId: principal.userId }, select: { role: true } } },
  });
  // A non-member is told what someone naming a missing organisation is told (no leak of which
  // names exist).
  if (!org || org.members.length === 0) throw notYourOrganisation(slug);
  return { id: org.id, slug: org.slug, name: org.name };
}
