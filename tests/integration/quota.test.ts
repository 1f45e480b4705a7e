import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue, enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { putFile } from "@/lib/storage/file-store";
import { api, cli, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// Quotas through the real upload path and the real worker: refused uploads are free, the
// platform's failures are refunded, and an exhausted quota is a 429 the CLI turns into exit 5.
describe("quotas over HTTP", () => {
  let layout: DemoLayout;
  let versionId: number;
  let admin: { token: string };

  beforeAll(async () => {
    const imported = await importDemo();
    versionId = imported.versionId;
    layout = await demoLayout(versionId);
    admin = await newAccount("admin");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("requires credentials and a benchmark, and shows the caller's remaining quota", async () => {
    const vendor = await newAccount("vendor");
    expect((await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`)).status).toBe(401);
    const noBenchmark = await api("/api/v1/quota", { token: vendor.token });
    expect(noBenchmark.status).toBe(400);
    expect(noBenchmark.body.error.message).toMatch(/benchmark is required/);
    expect((await api("/api/v1/quota?benchmark=no-such-benchmark", { token: vendor.token })).status).toBe(404);
    const q = await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ benchmark: DEMO_SLUG, user: { email: vendor.email }, used: { perDay: 0, total: 0, concurrent: 0 }, overridden: false });
    // Only maintainers may look at someone else's.
    expect((await api(`/api/v1/quota?benchmark=${DEMO_SLUG}&email=${encodeURIComponent(vendor.email)}`, { token: (await newAccount("vendor")).token })).status).toBe(403);
  });

  it("charges accepted uploads only, then refuses with 429 QUOTA_EXCEEDED; the CLI exits 5", async () => {
    const vendor = await newAccount("vendor");
    const set = await cli(["quota", "set", "--user", vendor.email, "--benchmark", DEMO_SLUG, "--per-day", "1"], { EXECBOARD_TOKEN: admin.token });
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/per day\s+1\s+0\s+1/);

    // Refused uploads never create a submission, so they cost nothing.
    for (const bad of [Buffer.from("not a zip"), syntheticNpz({ ...layout, corpusIds: layout.corpusIds.slice(1), owner: layout.owner.slice(1) }, 0)]) {
      expect((await postSubmission(vendor.token, bad, METADATA)).status).toBe(422);
    }
    expect((await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token })).body.used.perDay).toBe(0);

    const ok = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "quota-1" });
    expect(ok.status).toBe(202);
    const q = await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token });
    expect(q.body).toMatchObject({ limits: { perDay: 1 }, used: { perDay: 1, total: 1 }, remaining: { perDay: 0 }, available: 0, overridden: true });

    const rowsBefore = await db().submission.count({ where: { userId: vendor.id } });
    const refused = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "quota-2" });
    expect(refused.status).toBe(429);
    const secondsToMidnight = (new Date().setUTCHours(24, 0, 0, 0) - Date.now()) / 1000;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(secondsToMidnight - 30);
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: "perDay", quota: { used: { perDay: 1 } } } });
    expect(body.error.message).toMatch(/daily quota reached: 1 of 1 submissions to execretrieval-demo today/);
    expect(await db().submission.count({ where: { userId: vendor.id } })).toBe(rowsBefore);

    const check = await cli(["quota", "--benchmark", DEMO_SLUG, "--check"], { EXECBOARD_TOKEN: vendor.token });
    expect(check.code).toBe(5);
    expect(check.stdout).toMatch(/available now: 0/);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-quota-"));
    const file = path.join(dir, "e.npz");
    await fs.writeFile(file, syntheticNpz(layout, 0));
    const submit = await cli(["submit", file, "--benchmark", DEMO_SLUG, "--metadata", JSON.stringify(METADATA)], { EXECBOARD_TOKEN: vendor.token });
    expect(submit.code).toBe(5);
    expect(submit.stderr).toMatch(/429 daily quota reached/);
    await fs.rm(dir, { recursive: true, force: true });

    // An admin raises it again; a vendor cannot.
    expect((await cli(["quota", "set", "--user", vendor.email, "--benchmark", DEMO_SLUG, "--per-day", "5"], { EXECBOARD_TOKEN: vendor.token })).code).toBe(3);
    expect((await cli(["quota", "set", "--user", vendor.email, "--benchmark", DEMO_SLUG, "--per-day", "default"], { EXECBOARD_TOKEN: admin.token })).code).toBe(0);
    const again = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "quota-3" });
    expect(again.status).toBe(202);
    await waitUntilFinal((await ok.json()).id, vendor.token);
  });

  it("refunds a submission the platform failed, and keeps charging one failed for the vendor's file", async () => {
    const vendor = await newAccount("vendor");
    const row = (storageKey: string) =>
      db().submission.create({
        data: { versionId, userId: vendor.id, modelName: "refund-check", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey },
        select: { id: true },
      });
    // The platform lost the upload: every attempt fails, and the last one fails the submission.
    const lost = await row(`${crypto.randomUUID()}.npz`);
    // The vendor's file does not validate: failed at once, for the vendor.
    const badKey = `${crypto.randomUUID()}.npz`;
    await putFile(badKey, Buffer.from("this is not an npz file"));
    const bad = await row(badKey);
    await enqueue(jobs.scoreSubmission, { submissionId: lost.id });
    await enqueue(jobs.scoreSubmission, { submissionId: bad.id });

    const lostFinal = (await waitUntilFinal(lost.id, vendor.token, 120_000)).body;
    const badFinal = (await waitUntilFinal(bad.id, vendor.token, 120_000)).body;
    expect(lostFinal.status).toBe("failed");
    expect(lostFinal.error).toMatch(/scoring failed after \d attempt/);
    expect(badFinal.status).toBe("failed");
    const q = await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token });
    expect(q.body.used.total).toBe(1);
    expect(q.body.refunded).toBe(1);
    const refunded = await db().submission.findMany({ where: { userId: vendor.id, quotaRefundedAt: { not: null } }, select: { id: true } });
    expect(refunded.map((r) => r.id)).toEqual([lost.id]);
  });
});
