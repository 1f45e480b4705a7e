import type { OrganisationRef } from "@/lib/organisations/organisation-ref";

// Whose quota a submission is charged to: its submitter's own (personal submissions), or the
// organisation's it was made for (all members' submissions for it together).
export type QuotaOrganisation = OrganisationRef;

export type QuotaOwner = { organisationId: string } | { userId: string };

export function quotaOwner(userId: string, organisation: QuotaOrganisation | null | undefined): QuotaOwner {
  return organisation ? { organisationId: organisation.id } : { userId };
}

// The submissions that count against an owner: an organisation's, or a user's personal ones
// (a member's submissions for an organisation never use up their own quota).
export function ownedSubmissionsWhere(owner: QuotaOwner): { organisationId: string } | { userId: string; organisationId: null } {
  return "organisationId" in owner ? { organisationId: owner.organisationId } : { userId: owner.userId, organisationId: null };
}

export function quotaLockKey(owner: QuotaOwner, benchmarkId: number): string {
  return "organisationId" in owner ? `quota:org:${owner.organisationId}:${benchmarkId}` : `quota:${owner.userId}:${benchmarkId}`;
}
