import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { localStoredPath } from "@/lib/storage/file-store";
import { api, newAccount } from "./accounts-helpers";
import { demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// Logs of a failed run are kept and shown to the vendor: the worker records the stage the run
// failed in, the error and (for the platform's failures) the stack with every attempt, and the
// owner reads them from the API. The queue is paused while a submission's stored file is broken,
// so the worker meets it broken; test files run one at a time, so nothing else waits long.
describe("logs of failed runs", () => {
  let layout: DemoLayout;

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
  });

  afterAll(async () => {
    await getQueue().resume();
    await closeQueue();
    await disconnectDb();
  });

  async function submitBroken(token: string, breakIt: (path: string) => void): Promise<string> {
    await getQueue().pause();
    try {
      const res = await postSubmission(token, syntheticNpz(layout, 0), { ...METADATA, model: "broken-after-upload" });
      expect(res.status).toBe(202);
      const id = (await res.json()).id as string;
      const s = await db().submission.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
      breakIt(localStoredPath(s.storageKey));
      return id;
    } finally {
      await getQueue().resume();
    }
  }

  it("a file that no longer validates: failed while validating, the vendor reads why", async () => {
    const vendor = await newAccount("vendor");
    const id = await submitBroken(vendor.token, (p) => fs.appendFileSync(p, "x"));
    const { body } = await waitUntilFinal(id, vendor.token);
    expect(body.status).toBe("failed");
    expect(body.evaluations).toHaveLength(1);
    expect(body.evaluations[0]).toMatchObject({ status: "failed", current: false, failure: { stage: "validating", error: expect.stringMatching(/SHA-256 differs/) } });
    expect(body.provenance).toBeNull();
    const logs = await api(`/api/v1/submissions/${id}/logs`, { token: vendor.token });
    expect(logs.status).toBe(200);
    expect(logs.body).toMatchObject({ submissionId: id, status: "failed", error: expect.stringMatching(/SHA-256 differs/) });
    const run = logs.body.evaluations[0];
    expect(run).toMatchObject({ attempts: 1, worker: expect.stringMatching(/:\d+$/), failure: { stage: "validating" } });
    expect(run.log).toMatch(/attempt 1 started on [^\n]+\n[^\n]+attempt 1 failed while validating:\nAppError: the stored upload no longer matches/);
    // Someone else's unpublished submission: its logs do not exist for them.
    expect((await api(`/api/v1/submissions/${id}/logs`, { token: (await newAccount("vendor")).token })).status).toBe(404);
  });

  it("a platform failure (the stored file is gone): every attempt with its stack, then failed and refunded", async () => {
    const vendor = await newAccount("vendor");
    const id = await submitBroken(vendor.token, (p) => fs.rmSync(p));
    const { body } = await waitUntilFinal(id, vendor.token, 120_000);
    expect(body.status).toBe("failed");
    expect(body.error).toMatch(/scoring failed after 5 attempt\(s\): ENOENT/);
    const logs = await api(`/api/v1/submissions/${id}/logs`, { token: vendor.token });
    const run = logs.body.evaluations[0];
    expect(run).toMatchObject({ status: "failed", attempts: 5, failure: { stage: "validating", error: expect.stringMatching(/ENOENT/) } });
    expect(run.log.match(/attempt \d started on/g)).toHaveLength(5);
    expect(run.log).toMatch(/attempt 1 failed while validating \(it will be retried\):\nError: ENOENT[^\n]*\n\s+at /);
    expect(run.log).toMatch(/gave up: scoring failed after 5 attempt\(s\)/);
    expect((await db().submission.findUniqueOrThrow({ where: { id }, select: { quotaRefundedAt: true } })).quotaRefundedAt).not.toBeNull();
  });

  it("shows nothing to anonymous callers and refuses bad ids", async () => {
    expect((await api("/api/v1/submissions/00000000-0000-4000-8000-000000000000/logs")).status).toBe(401);
    const vendor = await newAccount("vendor");
    expect((await api("/api/v1/submissions/not-a-uuid/logs", { token: vendor.token })).status).toBe(404);
  });
});
