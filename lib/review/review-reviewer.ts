import { actorFromPrincipal, type AuditActor } from "@/lib/audit/audit-actor";
import { requireRole } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";

export const REVIEWER_ROLES = ["maintainer", "admin"] as const;

// The caller of a review route or page, as an audit actor; FORBIDDEN for vendors.
export function reviewerFrom(viewer: Principal, action: string): AuditActor {
  requireRole(viewer, REVIEWER_ROLES, action);
  return actorFromPrincipal(viewer);
}
