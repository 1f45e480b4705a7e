import { describe, expect, it } from "vitest";
import { canManageOrganisation, canSeeSubmission, isAdmin, isMaintainer, isSubmissionInsider, requireRole } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { readCookie, sessionCookieOptions } from "@/lib/auth/session-cookie";

const who = (role: Principal["role"], userId = `${role}-id`): Principal => ({ userId, email: `${role}@x.test`, role });

describe("access rules", () => {
  const owner = who("vendor", "owner");
  const otherVendor = who("vendor", "someone-else");

  it("shows an unpublished submission to its owner and to maintainers and admins only", () => {
    for (const status of ["queued", "executing", "scored", "failed", "rejected"]) {
      const s = { userId: "owner", status };
      expect(canSeeSubmission(owner, s)).toBe(true);
      expect(canSeeSubmission(who("maintainer"), s)).toBe(true);
      expect(canSeeSubmission(who("admin"), s)).toBe(true);
      expect(canSeeSubmission(otherVendor, s)).toBe(false);
      expect(canSeeSubmission(null, s)).toBe(false);
    }
  });

  it("shows a published submission to everyone", () => {
    expect(canSeeSubmission(null, { userId: "owner", status: "published" })).toBe(true);
    expect(canSeeSubmission(otherVendor, { userId: "owner", status: "published" })).toBe(true);
  });

  it("shows an organisation's unpublished submission to its current members, whoever submitted it", () => {
    const colleague: Principal = { ...who("vendor", "colleague"), organisationIds: ["org-a"] };
    const elsewhere: Principal = { ...who("vendor", "elsewhere"), organisationIds: ["org-b"] };
    const s = { userId: "owner", organisationId: "org-a", status: "scored" };
    expect(canSeeSubmission(colleague, s)).toBe(true);
    expect(isSubmissionInsider(colleague, s)).toBe(true);
    expect(canSeeSubmission(elsewhere, s)).toBe(false);
    expect(canSeeSubmission(owner, s)).toBe(true);
    // Membership alone, not a shared organisation id of null, grants access to personal submissions.
    expect(canSeeSubmission(colleague, { userId: "owner", organisationId: null, status: "scored" })).toBe(false);
    // A removed member's next request carries no such organisation.
    expect(canSeeSubmission({ ...colleague, organisationIds: [] }, s)).toBe(false);
  });

  it("lets admins manage any organisation and owners their own", () => {
    expect(canManageOrganisation(who("admin"), null)).toBe(true);
    expect(canManageOrganisation(who("vendor"), { role: "owner" })).toBe(true);
    expect(canManageOrganisation(who("vendor"), { role: "member" })).toBe(false);
    expect(canManageOrganisation(who("maintainer"), null)).toBe(false);
  });

  it("ranks roles: admins are maintainers, vendors are neither", () => {
    expect([isMaintainer(who("vendor")), isMaintainer(who("maintainer")), isMaintainer(who("admin")), isMaintainer(null)]).toEqual([false, true, true, false]);
    expect([isAdmin(who("maintainer")), isAdmin(who("admin"))]).toEqual([false, true]);
    expect(() => requireRole(who("maintainer"), ["admin"], "change quotas")).toThrow(/only admin accounts can change quotas \(you are signed in as a maintainer\)/);
    expect(() => requireRole(who("admin"), ["admin"], "change quotas")).not.toThrow();
  });
});

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, site-wide, and Secure only over HTTPS", () => {
    const expires = new Date("2030-01-01T00:00:00Z");
    expect(sessionCookieOptions(expires, false)).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: false, expires });
    expect(sessionCookieOptions(expires, true).secure).toBe(true);
  });

  it("is read from a Cookie header among others", () => {
    expect(readCookie("a=1; execboard_session=abc-_9; b=2", "execboard_session")).toBe("abc-_9");
    expect(readCookie("xexecboard_session=nope", "execboard_session")).toBeUndefined();
    expect(readCookie("execboard_session=", "execboard_session")).toBeUndefined();
    expect(readCookie(null, "execboard_session")).toBeUndefined();
  });
});

describe("redirect after sign-in", () => {
  it("stays on this site", () => {
    expect(safeRedirectPath("/submissions/abc?k=3")).toBe("/submissions/abc?k=3");
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", undefined, 42]) {
      expect(safeRedirectPath(evil)).toBe("/");
    }
  });

  it("refuses paths that browsers turn into another origin (tabs, newlines, backslashes, spaces)", () => {
    // Browsers strip tab and newline from URLs, so "/\t/evil.example" is followed as "//evil.example".
    for (const evil of ["/\t/evil.example/phish", "/\n/evil.example", "/\r\n/evil.example", "/ /evil.example", "/\u00a0/evil.example", "/%09/evil.example".replace("%09", "\t"), "/\\/evil.example", "/.//evil.example/x/..//"]) {
      const out = safeRedirectPath(evil);
      expect(out.startsWith("//")).toBe(false);
      expect(new URL(out, "https://execboard.example").host).toBe("execboard.example");
    }
    expect(safeRedirectPath("/\t/evil.example/phish")).toBe("/");
  });

  it("keeps an ordinary path with its query and fragment as the browser will read it", () => {
    expect(safeRedirectPath("/benchmarks/core/1.1.0/queries?domain=geometry#q_0001")).toBe("/benchmarks/core/1.1.0/queries?domain=geometry#q_0001");
    expect(safeRedirectPath("/submissions/a/../b")).toBe("/submissions/b");
    expect(safeRedirectPath("/search?q=%2F%2Fevil")).toBe("/search?q=%2F%2Fevil");
  });
});
