import { AppError } from "@/lib/errors/app-error";
import type { Principal, Role } from "./principal";

// Who may see or change what. One file, so every route and page applies the same rules.
export function isMaintainer(p: Principal | null): boolean {
  return p?.role === "maintainer" || p?.role === "admin";
}

export function isAdmin(p: Principal | null): boolean {
  return p?.role === "admin";
}

export function isMemberOf(p: Principal | null, organisationId: string | null | undefined): boolean {
  return organisationId != null && (p?.organisationIds?.includes(organisationId) ?? false);
}

// The submission's own side: its submitter and, for one made on behalf of an organisation,
// every current member of that organisation. They see it (and its logs) before publication.
export function isSubmissionInsider(viewer: Principal | null, submission: { userId: string; organisationId?: string | null }): boolean {
  return (viewer !== null && viewer.userId === submission.userId) || isMemberOf(viewer, submission.organisationId);
}

// An unpublished submission is visible to its insiders (owner, members of its organisation) and
// to maintainers only; a published one to everyone. Callers answer NOT_FOUND (never FORBIDDEN)
// so its existence does not leak.
export function canSeeSubmission(viewer: Principal | null, submission: { userId: string; organisationId?: string | null; status: string }): boolean {
  return submission.status === "published" || isMaintainer(viewer) || isSubmissionInsider(viewer, submission);
}

// The same rule as a database filter, for lists of a viewer's unpublished submissions (their
// own and their organisations').
export function insiderSubmissionsWhere(viewer: Principal): { OR: ({ userId: string } | { organisationId: { in: string[] } })[] } {
  return { OR: [{ userId: viewer.userId }, { organisationId: { in: [...(viewer.organisationIds ?? [])] } }] };
}

// Organisation management: admins manage any organisation, owners their own.
export function canManageOrganisation(viewer: Principal, membership: { role: string } | null): boolean {
  return isAdmin(viewer) || membership?.role === "owner";
}

export function requireRole(viewer: Principal, roles: readonly Role[], action: string): void {
  if (!roles.includes(viewer.role)) {
    throw new AppError("FORBIDDEN", `only ${roles.join(" or ")} accounts can ${action} (you are signed in as a ${viewer.role})`);
  }
}
