import { z } from "zod";
import { plainText } from "@/lib/text/plain-text";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { requireRole } from "@/lib/auth/policies";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { OrganisationActor } from "./organisation-actor";
import { ORGANISATION_SELECT, organisationSlugSchema, toOrganisationView, type OrganisationView } from "./organisation-view";

export const createOrganisationInput = z.strictObject({
  slug: organisationSlugSchema,
  name: z.string().trim().min(1, "name is required").max(200).superRefine(plainText("name")).describe("the display name, e.g. Acme AI"),
  owner: z.string().email().optional().describe("an existing user to make its first owner"),
});
export type CreateOrganisationInput = z.infer<typeof createOrganisationInput>;

// An admin (or an operator) creates an organisation, optionally with a first owner, and the
// audit log records it in the same transaction.
export async function createOrganisation(actor: OrganisationActor, input: CreateOrganisationInput): Promise<OrganisationView> {
  if (actor.principal) requireRole(actor.principal, ["admin"], "create organisations");
  const { slug, name, owner } = createOrganisationInput.parse(input);
  const ownerRow = owner ? await db().user.findUnique({ where: { email: owner }, select: { id: true, email: true } }) : null;
  if (owner && !ownerRow) throw new AppError("NOT_FOUND", `no user with email ${owner}`);
  return db().$transaction(async (tx) => {
    if (await tx.organisation.findUnique({ where: { slug }, select: { id: true } })) throw new AppError("CONFLICT", `an organisation named ${slug} already exists`);
    const org = await tx.organisation.create({
      data: { slug, name, ...(ownerRow ? { members: { create: { userId: ownerRow.id, role: "owner" } } } : {}) },
      select: ORGANISATION_SELECT,
    });
    await recordAuditEvent(tx, { action: "organisation_create", actor: actor.audit, organisationId: org.id, details: { slug, name, ...(ownerRow ? { owner: ownerRow.email } : {}) } });
    if (ownerRow) await recordAuditEvent(tx, { action: "member_add", actor: actor.audit, organisationId: org.id, details: { member: ownerRow.email, role: "owner" } });
    return toOrganisationView(org, actor.principal?.userId ?? null);
  });
}
