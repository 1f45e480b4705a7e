import { z } from "zod";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { canManageOrganisation, isAdmin, isMaintainer } from "@/lib/auth/policies";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findOrganisation, notYourOrganisation } from "./find-organisation";
import type { OrganisationActor } from "./organisation-actor";
import { ORGANISATION_ROLES, toOrganisationView, type OrganisationRow, type OrganisationView } from "./organisation-view";

export const addMemberInput = z.strictObject({
  email: z.string().email().describe("an existing user"),
  role: z.enum(ORGANISATION_ROLES).default("member").describe("member (default) or owner; for someone already a member, their new role"),
});
export type AddMemberInput = z.input<typeof addMemberInput>;

// Admins (and operators) manage any organisation's members, owners their own organisation's.
// Each change is written to the audit log in its transaction, and takes effect on the member's
// next request (their access to the organisation's unpublished submissions included).
async function authorise(tx: Tx, actor: OrganisationActor, slug: string): Promise<OrganisationRow> {
  const org = await findOrganisation(slug, tx).catch((e) => {
    throw actor.principal && !isMaintainer(actor.principal) ? notYourOrganisation(slug) : e;
  });
  if (actor.principal) {
    const mine = org.members.find((m) => m.userId === actor.principal!.userId) ?? null;
    // Outsiders learn nothing about whether the organisation exists; members who may not
    // manage it are told why.
    if (!mine && !isMaintainer(actor.principal)) throw notYourOrganisation(slug);
    if (!canManageOrganisation(actor.principal, mine)) throw new AppError("FORBIDDEN", `only admins and owners of organisation ${slug} can change its members`);
  }
  // Serialises membership changes of one organisation (the last-owner check below).
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`organisation:${org.id}`}, 0))`;
  return org;
}

export async function addMember(actor: OrganisationActor, slug: string, raw: AddMemberInput): Promise<OrganisationView> {
  const input = addMemberInput.parse(raw);
  return db().$transaction(async (tx) => {
    const org = await authorise(tx, actor, slug);
    const user = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, email: true } });
    if (!user) throw new AppError("NOT_FOUND", `no user with email ${input.email}`);
    const current = org.members.find((m) => m.userId === user.id);
    if (current?.role === input.role) throw new AppError("CONFLICT", `${user.email} is already ${input.role === "owner" ? "an owner" : "a member"} of ${slug}`);
    if (current?.role === "owner" && owners(org) === 1 && !mayLeaveOwnerless(actor)) {
      throw new AppError("CONFLICT", `${user.email} is the only owner of ${slug}; make someone else an owner first (or ask an admin)`);
    }
    await tx.membership.upsert({
      where: { organisationId_userId: { organisationId: org.id, userId: user.id } },
      create: { organisationId: org.id, userId: user.id, role: input.role },
      update: { role: input.role },
    });
    await recordAuditEvent(tx, { action: "member_add", actor: actor.audit, organisationId: org.id, details: { member: user.email, role: input.role, ...(current ? { previousRole: current.role } : {}) } });
    return toOrganisationView(await findOrganisation(slug, tx), actor.principal?.userId ?? null);
  });
}

export async function removeMember(actor: OrganisationActor, slug: string, email: string): Promise<OrganisationView> {
  return db().$transaction(async (tx) => {
    const org = await authorise(tx, actor, slug);
    const member = org.members.find((m) => m.user.email === email);
    if (!member) throw new AppError("NOT_FOUND", `${email} is not a member of ${slug}`);
    if (member.role === "owner" && owners(org) === 1 && !mayLeaveOwnerless(actor)) {
      throw new AppError("CONFLICT", `${email} is the only owner of ${slug}; make someone else an owner first (or ask an admin)`);
    }
    await tx.membership.delete({ where: { organisationId_userId: { organisationId: org.id, userId: member.userId } } });
    await recordAuditEvent(tx, { action: "member_remove", actor: actor.audit, organisationId: org.id, details: { member: email, role: member.role } });
    return toOrganisationView(await findOrganisation(slug, tx), actor.principal?.userId ?? null);
  });
}

// An owner may not leave their organisation without an owner; an admin or operator may.
function mayLeaveOwnerless(actor: OrganisationActor): boolean {
  return actor.principal === null || isAdmin(actor.principal);
}

function owners(org: OrganisationRow): number {
  return org.members.filter((m) => m.role === "owner").length;
}
