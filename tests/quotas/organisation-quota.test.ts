import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { db, disconnectDb } from "@/lib/db/client";
import { operatorOrganisationActor } from "@/lib/organisations/organisation-actor";
import { addMember } from "@/lib/organisations/change-membership";
import { createOrganisation } from "@/lib/organisations/create-organisation";
import { withQuotaCharge } from "@/lib/quotas/charge-quota";
import { getQuota } from "@/lib/quotas/get-quota";
import type { QuotaOrganisation } from "@/lib/quotas/quota-owner";
import { setQuotaOverride } from "@/lib/quotas/set-quota-override";
import { DEMO_SLUG, importDemo } from "../integration/helpers";

// An organisation's quota against the real database: its members' submissions for it share one
// count (under one lock), and never touch their personal quotas.
describe("organisation quotas", () => {
  let versionId: number;
  let admin: Principal;
  let org: QuotaOrganisation;
  let a: Principal;
  let b: Principal;

  const tokens = new Map<string, string>();
  const principal = async (role: Principal["role"]) => {
    const u = await createUser({ email: `orgquota-${role}-${crypto.randomUUID()}@test.execboard`, role });
    tokens.set(u.id, u.token);
    return authenticateBearer(`Bearer ${u.token}`);
  };
  // A principal is read with its token on every request: after a membership change, read again.
  const refresh = (p: Principal) => authenticateBearer(`Bearer ${tokens.get(p.userId)}`);
  const submit = (p: Principal, organisation: QuotaOrganisation | null) =>
    withQuotaCharge({ principal: p, organisation, versionId, isBaseline: false }, (tx) =>
      tx.submission.create({
        data: { versionId, userId: p.userId, organisationId: organisation?.id ?? null, modelName: "org-race", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: `${crypto.randomUUID()}.npz` },
        select: { id: true },
      }),
    );

  beforeAll(async () => {
    versionId = (await importDemo()).versionId;
    admin = await principal("admin");
    [a, b] = [await principal("vendor"), await principal("vendor")];
    const slug = `orgquota-${crypto.randomUUID().slice(0, 8)}`;
    await createOrganisation(operatorOrganisationActor(), { slug, name: "Quota Org", owner: a.email });
    await addMember(operatorOrganisationActor(), slug, { email: b.email });
    org = await db().organisation.findUniqueOrThrow({ where: { slug }, select: { id: true, slug: true, name: true } });
    [a, b] = [await refresh(a), await refresh(b)];
    expect(a.organisationIds).toEqual([org.id]);
  });

  afterAll(async () => {
    // Never queued: remove them so nothing looks stuck to other suites.
    await db().submission.deleteMany({ where: { organisationId: org.id } });
    await db().submission.deleteMany({ where: { userId: { in: [a.userId, b.userId] } } });
    await disconnectDb();
  });

  it("lets concurrent uploads by different members never overshoot the organisation's limit, and leaves their own quotas alone", async () => {
    await setQuotaOverride(admin, { organisation: org.slug, benchmark: DEMO_SLUG, concurrent: 2 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => submit(i % 2 ? a : b, org)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: "concurrent" } });
      expect((r as PromiseRejectedResult).reason.message).toMatch(new RegExp(`concurrency quota of organisation ${org.slug} reached: 2 of its submissions`));
    }
    expect(await db().submission.count({ where: { organisationId: org.id } })).toBe(2);

    const shared = await getQuota(b, { benchmark: DEMO_SLUG, organisation: org.slug });
    expect(shared).toMatchObject({ organisation: { slug: org.slug, name: "Quota Org" }, used: { concurrent: 2, total: 2 }, available: 0, overridden: true });
    // Personal quotas are counted apart: both members may still submit for themselves.
    for (const p of [a, b]) expect((await getQuota(p, { benchmark: DEMO_SLUG })).used).toEqual({ perDay: 0, total: 0, concurrent: 0 });
    await expect(submit(a, null)).resolves.toMatchObject({ id: expect.any(String) });
    expect((await getQuota(a, { benchmark: DEMO_SLUG, organisation: org.slug })).used.total).toBe(2);
  });

  it("shows an organisation's quota to its members and maintainers only, and lets only admins override it", async () => {
    const outsider = await principal("vendor");
    // An outsider is told what naming a missing organisation tells them: nothing about whether it exists.
    await expect(getQuota(outsider, { benchmark: DEMO_SLUG, organisation: org.slug })).rejects.toMatchObject({ code: "NOT_FOUND", message: `you belong to no organisation named ${org.slug}` });
    await expect(getQuota(outsider, { benchmark: DEMO_SLUG, organisation: "no-such-org" })).rejects.toMatchObject({ code: "NOT_FOUND", message: "you belong to no organisation named no-such-org" });
    await expect(getQuota(a, { benchmark: DEMO_SLUG, organisation: "no-such-org" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setQuotaOverride(a, { organisation: org.slug, benchmark: DEMO_SLUG, perDay: 99 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const cleared = await setQuotaOverride(admin, { organisation: org.slug, benchmark: DEMO_SLUG, concurrent: null });
    expect(cleared.overridden).toBe(false);
    expect(await db().organisationQuotaOverride.count({ where: { organisationId: org.id } })).toBe(0);
  });
});
