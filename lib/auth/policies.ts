import { AppError } from "@/lib/errors/app-error";
import type { Principal, Role } from "./principal";

// Who may see or change what. One file, so every route and page applies the same rules.
export function isMaintainer(p: Principal | null): boolean {
  return p?.role === "maintainer" || p?.role === "admin";
}

export function isAdmin(p: Principal | null): boolean {
  return p?.role === "admin";
}

// An unpublished submission is visible to its owner and to maintainers only; a published one
// to everyone. Callers answer NOT_FOUND (never FORBIDDEN) so its existence does not leak.
export function canSeeSubmission(viewer: Principal | null, submission: { userId: string; status: string }): boolean {
  return submission.status === "published" || isMaintainer(viewer) || viewer?.userId === submission.userId;
}

export function requireRole(viewer: Principal, roles: readonly Role[], action: string): void {
  if (!roles.includes(viewer.role)) {
    throw new AppError("FORBIDDEN", `only ${roles.join(" or ")} accounts can ${action} (you are signed in as a ${viewer.role})`);
  }
}
