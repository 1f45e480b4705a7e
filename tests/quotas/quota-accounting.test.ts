import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { assertWithinQuota, withQuotaCharge } from "@/lib/quotas/charge-quota";
import { getQuota } from "@/lib/quotas/get-quota";
import { failSubmissionForPlatform } from "@/lib/quotas/refund-quota";
import { setQuotaOverride } from "@/lib/quotas/set-quota-override";
import { transition } from "@/lib/submissions/status";
import { DEMO_SLUG, importDemo } from "../integration/helpers";

// Quota accounting against the real database: what counts, what is refunded, what is refused.
describe("quotas", () => {
  let versionId: number;
  let admin: Principal;
  let maintainer: Principal;

  const newPrincipal = async (role: Principal["role"]) => {
    const u = await createUser({ email: `quota-${role}-${crypto.randomUUID()}@test.execboard`, role });
    return authenticateBearer(`Bearer ${u.token}`);
  };
  // A submission row as createSubmission writes it (the upload itself is not under test here).
  const addSubmission = (p: Principal, extra: { status?: "queued" | "scored" | "failed"; isBaseline?: boolean; createdAt?: Date } = {}) =>
    db().submission.create({
      data: {
        versionId,
        userId: p.userId,
        modelName: "quota-test",
        provider: "tests",
        similarity: "cosine",
        metadata: {},
        dims: 4,
        dtype: "float32",
        fileSha256: "0".repeat(64),
        fileBytes: BigInt(1),
        storageKey: `${crypto.randomUUID()}.npz`,
        status: extra.status ?? "queued",
        isBaseline: extra.isBaseline ?? false,
        ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
      },
      select: { id: true },
    });
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  };
  const setLimits = (p: Principal, limits: { perDay?: number | null; total?: number | null; concurrent?: number | null }) =>
    setQuotaOverride(admin, { email: p.email, benchmark: DEMO_SLUG, ...limits });

  beforeAll(async () => {
    versionId = (await importDemo()).versionId;
    admin = await newPrincipal("admin");
    maintainer = await newPrincipal("maintainer");
  });

  afterAll(async () => {
    // The rows written here were never queued: remove them so nothing looks stuck to others.
    await db().submission.deleteMany({ where: { user: { email: { startsWith: "quota-" } }, modelName: { in: ["quota-test", "race"] } } });
    await disconnectDb();
  });

  it("starts from the configured defaults with nothing used", async () => {
    const vendor = await newPrincipal("vendor");
    const q = await getQuota(vendor, { benchmark: DEMO_SLUG });
    const c = getConfig();
    expect(q.limits).toEqual({ perDay: c.EXECBOARD_QUOTA_PER_DAY, total: c.EXECBOARD_QUOTA_TOTAL, concurrent: c.EXECBOARD_QUOTA_CONCURRENT });
    expect(q.used).toEqual({ perDay: 0, total: 0, concurrent: 0 });
    expect(q).toMatchObject({ overridden: false, refunded: 0, available: Math.min(c.EXECBOARD_QUOTA_PER_DAY, c.EXECBOARD_QUOTA_TOTAL, c.EXECBOARD_QUOTA_CONCURRENT) });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(q.dayResetsAt).toBe(midnight.toISOString());
  });

  it("counts today's, all-time and running submissions; never baselines or platform failures", async () => {
    const vendor = await newPrincipal("vendor");
    await addSubmission(vendor, { status: "queued" });
    await addSubmission(vendor, { status: "scored" });
    await addSubmission(vendor, { status: "scored", createdAt: new Date(Date.now() - 3 * 86_400_000) });
    await addSubmission(vendor, { status: "queued", isBaseline: true });
    const broken = await addSubmission(vendor, { status: "queued" });
    expect(await failSubmissionForPlatform(broken.id, "scoring failed after 3 attempt(s): sandbox unavailable")).toBe(true);
    const q = await getQuota(vendor, { benchmark: DEMO_SLUG });
    expect(q.used).toEqual({ perDay: 2, total: 3, concurrent: 1 });
    expect(q.refunded).toBe(1);
    const failed = await db().submission.findUniqueOrThrow({ where: { id: broken.id }, select: { status: true, error: true } });
    expect(failed).toEqual({ status: "failed", error: "scoring failed after 3 attempt(s): sandbox unavailable" });
  });

  it("keeps a vendor-caused failure charged: a submission already failed is not refunded", async () => {
    const vendor = await newPrincipal("vendor");
    const s = await addSubmission(vendor);
    await transition(s.id, "failed", { error: "query_embeddings has 3 rows but query_ids has 4" });
    expect(await failSubmissionForPlatform(s.id, "scoring failed after 1 attempt(s)")).toBe(false);
    const q = await getQuota(vendor, { benchmark: DEMO_SLUG });
    expect(q.used.total).toBe(1);
    expect(q.refunded).toBe(0);
  });

  it("refuses with QUOTA_EXCEEDED naming the limit: concurrent, then per day (with the wait), then total", async () => {
    const vendor = await newPrincipal("vendor");
    const charge = { principal: vendor, versionId, isBaseline: false };
    await setLimits(vendor, { concurrent: 1, perDay: 2, total: 3 });
    await assertWithinQuota(charge);
    const first = await addSubmission(vendor);
    const concurrent = await refusal(assertWithinQuota(charge));
    expect(concurrent.code).toBe("QUOTA_EXCEEDED");
    expect(concurrent.message).toMatch(/concurrency quota reached: 1 of your submissions to execretrieval-demo are still being scored \(limit 1\)/);
    expect(concurrent.details).toMatchObject({ limit: "concurrent", quota: { remaining: { concurrent: 0 } } });
    // Baselines are the platform's own and never refused.
    await expect(assertWithinQuota({ ...charge, isBaseline: true })).resolves.toBeUndefined();

    await transition(first.id, "scoring");
    await transition(first.id, "scored");
    await addSubmission(vendor, { status: "scored" });
    const daily = await refusal(assertWithinQuota(charge));
    expect(daily.message).toMatch(/daily quota reached: 2 of 2 submissions to execretrieval-demo today; it resets at/);
    const secondsToMidnight = (new Date().setUTCHours(24, 0, 0, 0) - Date.now()) / 1000;
    expect(daily.retryAfterSeconds).toBeGreaterThan(secondsToMidnight - 5);
    expect(daily.retryAfterSeconds).toBeLessThanOrEqual(Math.ceil(secondsToMidnight) + 1);

    await addSubmission(vendor, { status: "scored", createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const total = await refusal(assertWithinQuota(charge));
    expect(total.message).toMatch(/total quota reached: 3 of 3 submissions to execretrieval-demo/);
    expect(total.retryAfterSeconds).toBeUndefined();
  });

  it("never lets concurrent uploads overshoot the quota", async () => {
    const vendor = await newPrincipal("vendor");
    await setLimits(vendor, { concurrent: 2 });
    const charge = { principal: vendor, versionId, isBaseline: false };
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => withQuotaCharge(charge, async (tx) => {
      const row = await tx.submission.create({
        data: { versionId, userId: vendor.userId, modelName: "race", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: `${crypto.randomUUID()}.npz` },
        select: { id: true },
      });
      return row.id;
    })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((x) => x.status === "rejected")) expect((r as PromiseRejectedResult).reason.code).toBe("QUOTA_EXCEEDED");
    expect(await db().submission.count({ where: { userId: vendor.userId } })).toBe(2);
  });

  it("lets only admins override, field by field; null returns a limit to its default", async () => {
    const vendor = await newPrincipal("vendor");
    const forbidden = await refusal(setQuotaOverride(maintainer, { email: vendor.email, benchmark: DEMO_SLUG, perDay: 50 }));
    expect(forbidden.code).toBe("FORBIDDEN");
    const set = await setLimits(vendor, { perDay: 50, total: 500 });
    expect(set.limits).toMatchObject({ perDay: 50, total: 500, concurrent: getConfig().EXECBOARD_QUOTA_CONCURRENT });
    expect(set.overridden).toBe(true);
    const partial = await setLimits(vendor, { concurrent: 7 });
    expect(partial.limits).toEqual({ perDay: 50, total: 500, concurrent: 7 });
    const back = await setLimits(vendor, { perDay: null, total: null, concurrent: null });
    expect(back.overridden).toBe(false);
    expect(await db().quotaOverride.count({ where: { userId: vendor.userId } })).toBe(0);
    expect((await refusal(setQuotaOverride(admin, { email: "nobody@test.execboard", benchmark: DEMO_SLUG, perDay: 1 }))).code).toBe("NOT_FOUND");
    expect((await refusal(setQuotaOverride(admin, { email: vendor.email, benchmark: "no-such-benchmark", perDay: 1 }))).code).toBe("NOT_FOUND");
  });

  it("shows another user's quota to maintainers only", async () => {
    const vendor = await newPrincipal("vendor");
    const other = await newPrincipal("vendor");
    expect((await getQuota(maintainer, { benchmark: DEMO_SLUG, email: vendor.email })).user.email).toBe(vendor.email);
    expect((await refusal(getQuota(other, { benchmark: DEMO_SLUG, email: vendor.email }))).code).toBe("FORBIDDEN");
    expect((await refusal(getQuota(vendor, { benchmark: "no-such-benchmark" }))).code).toBe("NOT_FOUND");
  });
});
