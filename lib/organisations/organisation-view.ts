import { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client";
import { OrganisationRole } from "@/lib/db/generated/enums";

// The public form of an organisation and its members (Prisma rows never leave lib/).
export const ORGANISATION_ROLES = Object.values(OrganisationRole) as [OrganisationRole, ...OrganisationRole[]];

export const organisationSlugSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, "slug: lowercase letters, digits and inner hyphens, at most 64 characters")
  .describe("the organisation's unique short name, e.g. acme-ai");

export const memberSchema = z.strictObject({
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES).describe("owner: manages the members; member: submits for the organisation"),
  since: z.iso.datetime(),
});
export type MemberView = z.infer<typeof memberSchema>;

export const organisationSchema = z.strictObject({
  slug: z.string(),
  name: z.string().describe("the display name, shown as the submitter on the leaderboard"),
  createdAt: z.iso.datetime(),
  /** The caller's role in it, or null (an admin or maintainer who is not a member). */
  yourRole: z.enum(ORGANISATION_ROLES).nullable().describe("the caller's role in the organisation; null when not a member"),
  members: z.array(memberSchema).describe("oldest first"),
});
export type OrganisationView = z.infer<typeof organisationSchema>;

export const organisationListSchema = z.strictObject({
  organisations: z.array(organisationSchema).describe("by slug; maintainers and admins see every organisation, others their own"),
});
export type OrganisationList = z.infer<typeof organisationListSchema>;

export const ORGANISATION_SELECT = {
  id: true,
  slug: true,
  name: true,
  createdAt: true,
  members: { orderBy: [{ createdAt: "asc" }, { userId: "asc" }], select: { userId: true, role: true, createdAt: true, user: { select: { email: true } } } },
} satisfies Prisma.OrganisationSelect;

export interface OrganisationRow {
  id: string;
  slug: string;
  name: string;
  createdAt: Date;
  members: { userId: string; role: OrganisationRole; createdAt: Date; user: { email: string } }[];
}

export function toOrganisationView(o: OrganisationRow, viewerId: string | null): OrganisationView {
  return {
    slug: o.slug,
    name: o.name,
    createdAt: o.createdAt.toISOString(),
    yourRole: o.members.find((m) => m.userId === viewerId)?.role ?? null,
    members: o.members.map((m) => ({ email: m.user.email, role: m.role, since: m.createdAt.toISOString() })),
  };
}
