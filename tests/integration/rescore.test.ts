import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { operatorActor } from "@/lib/audit/audit-actor";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { rerunSubmission } from "@/lib/review/rerun-submission";
import { RUNNER_VERSION } from "@/lib/sandbox/types";
import { localStoredPath } from "@/lib/storage/file-store";
import { publishSubmission } from "@/lib/review/publish-submission";
import { api, cli, documentedResponse, expectMatches, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";

// A maintainer re-scores published submissions after a runner change: the new run replaces the
// current results only when it finishes, both runs stay attributable (each evaluation keeps its
// provenance and metrics), and a failed re-score leaves the results alone with its log kept.
// "Scored by an older runner" is simulated by rewriting the first evaluation's runner version;
// "the new run gives other numbers" by swapping the stored file (and its recorded SHA-256).
async function scoredAndPublished(token: string, npz: Buffer, model: string): Promise<string> {
  const res = await postSubmission(token, npz, { ...METADATA, model });
  expect(res.status).toBe(202);
  const id = (await res.json()).id as string;
  expect((await waitUntilFinal(id, token)).body.status).toBe("scored");
  await publishSubmission(id);
  return id;
}

async function markOldRunner(submissionId: string): Promise<void> {
  const s = await db().submission.findUniqueOrThrow({ where: { id: submissionId }, select: { currentEvaluationId: true } });
  await db().evaluation.update({ where: { id: s.currentEvaluationId! }, data: { runnerVersion: "0-old" } });
}

async function waitForBatch(id: string, token: string) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const b = await api(`/api/v1/rescores/${id}`, { token });
    expect(b.status).toBe(200);
    if (b.body.done) return b.body;
    if (Date.now() > deadline) throw new Error(`re-score ${id} still running: ${JSON.stringify(b.body.counts)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("re-scoring published submissions", () => {
  let layout: DemoLayout;
  let maintainer: { token: string };
  let vendor: { token: string; id: string };
  let doc: Parameters<typeof documentedResponse>[0];
  let failedBatchId = "";

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    maintainer = await newAccount("maintainer");
    vendor = await newAccount("vendor");
    doc = (await api("/api/v1/openapi.json")).body;
  });

  afterAll(async () => {
    await getQueue().resume();
    await closeQueue();
    await disconnectDb();
  });

  it("replaces the current results when the new run finishes, and keeps the old run attributable", async () => {
    const id = await scoredAndPublished(vendor.token, syntheticNpz(layout, 0), "rescore-oracle");
    await markOldRunner(id);
    // The runner "changed" so that this file now ranks a distractor first (exec@1 1 → 0).
    const changed = syntheticNpz(layout, 1);
    const stored = await db().submission.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
    fs.writeFileSync(localStoredPath(stored.storageKey), changed);
    await db().submission.update({ where: { id }, data: { fileSha256: crypto.createHash("sha256").update(changed).digest("hex") } });

    expect((await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: vendor.token, method: "POST", body: {} })).status).toBe(403);
    const evaluationsBefore = await db().evaluation.count();
    const dry = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: { dryRun: true } });
    expect(dry.status).toBe(200);
    expect(dry.body.id).toBeNull();
    expect(dry.body.items.find((i: { submissionId: string }) => i.submissionId === id)).toMatchObject({ status: "planned", before: { runnerVersion: "0-old", exec1: 1 } });
    expect(await db().evaluation.count()).toBe(evaluationsBefore);

    const queued = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: { reason: "runner 0-old retired" } });
    expect(queued.status).toBe(202);
    expectMatches(documentedResponse(doc, "post", "/api/v1/benchmarks/{slug}/rescore", 202), queued.body);
    expect(queued.body).toMatchObject({ benchmark: DEMO_SLUG, scope: "outdated", reason: "runner 0-old retired", runnerVersion: RUNNER_VERSION });
    // Only results from another runner are picked by default.
    for (const item of queued.body.items) expect(item.before.runnerVersion).not.toBe(RUNNER_VERSION);
    const batch = await waitForBatch(queued.body.id, maintainer.token);
    expectMatches(documentedResponse(doc, "get", "/api/v1/rescores/{id}", 200), batch);
    const item = batch.items.find((i: { submissionId: string }) => i.submissionId === id);
    expect(item).toMatchObject({ status: "scored", before: { runnerVersion: "0-old", exec1: 1 }, after: { runnerVersion: RUNNER_VERSION, exec1: 0 } });

    const { body } = await api(`/api/v1/submissions/${id}`, { token: vendor.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 200), body);
    expect(body.status).toBe("published");
    expect(body.metrics.exec["1"].value).toBe(0);
    expect(body.evaluations.map((e: { seq: number; trigger: string; status: string; current: boolean }) => [e.seq, e.trigger, e.status, e.current])).toEqual([
      [1, "submission", "scored", false],
      [2, "rescore", "scored", true],
    ]);
    // The old run's numbers and provenance are still there, told apart from the new ones.
    expect(body.evaluations[0].provenance.runnerVersion).toBe("0-old");
    expect(body.evaluations[0].metrics.exec["1"].value).toBe(1);
    expect(body.evaluations[1].metrics.exec["1"].value).toBe(0);
    expect(body.evaluations[1].rescoreBatchId).toBe(queued.body.id);
    expect(body.provenance).toEqual(body.evaluations[1].provenance);
    expect(body.provenance.runnerVersion).toBe(RUNNER_VERSION);
    expect(body.history.at(-1).message).toBe(`re-scored by a maintainer (runner 0-old → ${RUNNER_VERSION}): exec@1 1.000 → 0.000`);
    const board = await api(`/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`);
    expect(board.body.rows.find((r: { submissionId: string }) => r.submissionId === id).metrics.exec["1"].value).toBe(0);

    // Now up to date: a second request leaves it out, saying why; --all-published takes it.
    const again = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: { dryRun: true } });
    expect(again.body.skipped.find((s: { submissionId: string }) => s.submissionId === id)).toMatchObject({ reason: `already scored by runner ${RUNNER_VERSION} and scoring engine ${ANALYSIS_ENGINE_VERSION}` });
    const all = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: { dryRun: true, allPublished: true } });
    expect(all.body.items.map((i: { submissionId: string }) => i.submissionId)).toContain(id);
  });

  it("keeps the current results and the failed run's log when a re-score fails", async () => {
    const id = await scoredAndPublished(vendor.token, syntheticNpz(layout, 0), "rescore-broken-file");
    await markOldRunner(id);
    const stored = await db().submission.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
    fs.appendFileSync(localStoredPath(stored.storageKey), "tampered"); // no longer the file that was accepted

    const queued = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: {} });
    expect(queued.status).toBe(202);
    failedBatchId = queued.body.id;
    const batch = await waitForBatch(queued.body.id, maintainer.token);
    const item = batch.items.find((i: { submissionId: string }) => i.submissionId === id);
    expect(item).toMatchObject({ status: "failed", failure: { stage: "validating", error: expect.stringMatching(/SHA-256 differs/) }, after: null });

    const { body } = await api(`/api/v1/submissions/${id}`, { token: vendor.token });
    expect(body.status).toBe("published");
    expect(body.metrics.exec["1"].value).toBe(1);
    expect(body.evaluations.find((e: { current: boolean }) => e.current).seq).toBe(1);
    expect(body.evaluations[1]).toMatchObject({ trigger: "rescore", status: "failed", current: false, failure: { stage: "validating" } });

    const logs = await api(`/api/v1/submissions/${id}/logs`, { token: vendor.token });
    expect(logs.status).toBe(200);
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}/logs", 200), logs.body);
    const log = logs.body.evaluations[1].log as string;
    expect(log).toMatch(/re-score requested by .*\n.*attempt 1 started on .*: sandbox (docker sha256:[0-9a-f]{64}|process process), runner/);
    expect(log).toMatch(/attempt 1 failed while validating:\nAppError: the stored upload no longer matches/);
    // Logs are for the owner and maintainers; others who can see the published submission may not.
    expect((await api(`/api/v1/submissions/${id}/logs`, { token: maintainer.token })).status).toBe(200);
    expect((await api(`/api/v1/submissions/${id}/logs`, { token: (await newAccount("vendor")).token })).status).toBe(403);
    expect((await api(`/api/v1/submissions/${id}/logs`)).status).toBe(401);
  });

  it("execboard rescore: maintainers only, dry run, status of a batch", async () => {
    const denied = await cli(["rescore", "--benchmark", DEMO_SLUG, "--dry-run"], { EXECBOARD_TOKEN: vendor.token });
    expect(denied.code).toBe(3);
    const dry = await cli(["rescore", "--benchmark", DEMO_SLUG, "--all-published", "--dry-run", "--json"], { EXECBOARD_TOKEN: maintainer.token });
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout);
    expect(plan).toMatchObject({ id: null, scope: "all-published", benchmark: DEMO_SLUG });
    expect(plan.items.length).toBeGreaterThan(0);
    const status = await cli(["rescore", "status", failedBatchId], { EXECBOARD_TOKEN: maintainer.token });
    expect(status.code).toBe(1); // its re-score failed (the test above)
    expect(status.stdout).toMatch(new RegExp(`re-score ${failedBatchId} of ${DEMO_SLUG}`));
    expect(status.stdout).toMatch(/failed .*validating: the stored upload no longer matches/);
    expect((await cli(["rescore", "--benchmark", "no-such-benchmark", "--dry-run"], { EXECBOARD_TOKEN: maintainer.token })).code).toBe(4);
  });

  it("stands down when a maintainer re-runs the submission before the re-score starts", async () => {
    const id = await scoredAndPublished(vendor.token, syntheticNpz(layout, 0), "rescore-then-rerun");
    await markOldRunner(id);
    await getQueue().pause();
    let batchId: string;
    try {
      const queued = await api(`/api/v1/benchmarks/${DEMO_SLUG}/rescore`, { token: maintainer.token, method: "POST", body: {} });
      expect(queued.status).toBe(202);
      batchId = queued.body.id;
      await rerunSubmission(operatorActor("rescore test"), id, { reason: "re-run wins" });
    } finally {
      await getQueue().resume();
    }
    const batch = await waitForBatch(batchId, maintainer.token);
    expect(batch.items.find((i: { submissionId: string }) => i.submissionId === id)).toMatchObject({ status: "failed", failure: { error: expect.stringMatching(/^superseded: the submission was queued for a new run/) } });
    const { body } = await waitUntilFinal(id, vendor.token);
    expect(body.status).toBe("scored");
    expect(body.evaluations.map((e: { trigger: string; status: string; current: boolean }) => [e.trigger, e.status, e.current])).toEqual([
      ["submission", "scored", false],
      ["rescore", "failed", false],
      ["rerun", "scored", true],
    ]);
  });
});
