import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import {
  baseUrl,
  DEMO_SLUG,
  demoLayout,
  getSubmissionJson,
  importDemo,
  METADATA,
  newUser,
  postSubmission,
  syntheticNpz,
  totalJobs,
  waitUntilFinal,
  type DemoLayout,
} from "./helpers";

const run = promisify(execFile);

// The whole pipeline through the public API: upload → validate → rank → execute in Docker →
// score → publish → leaderboard, with embeddings whose right answer is known exactly.
describe("submission flow over HTTP", () => {
  let layout: DemoLayout;
  let vendor: { token: string; id: string };
  let otherVendor: { token: string };

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    vendor = await newUser("vendor");
    otherVendor = await newUser("vendor");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("scores embeddings that put every canonical first: exec@1 = 1 with a degenerate interval", async () => {
    const t0 = Date.now();
    const res = await postSubmission(vendor.token, syntheticNpz(layout, 0), METADATA);
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(created).toMatchObject({ status: "queued", benchmark: DEMO_SLUG });
    const { body, seen } = await waitUntilFinal(created.id, vendor.token);
    console.log(`[timing] POST → scored (oracle, first run): ${Date.now() - t0} ms`);
    expect(body.error).toBeNull();
    expect(body.status).toBe("scored");
    expect(seen.has("scored")).toBe(true);
    expect(body.history.map((h: { status: string }) => h.status)).toEqual(["queued", "validating", "ranking", "executing", "scoring", "scored"]);
    expect(body.metrics.exec["1"]).toEqual({ value: 1, ci95: [1, 1] });
    expect(body.metrics.exec["10"].value).toBe(1);
    expect(body.metrics.ndcg["1"].value).toBe(1);
    // Only the canonical passes among each query's top 10: the rest are its own distractors
    // (which fail by construction) and other queries' code.
    expect(body.metrics.execution_precision["10"].value).toBeCloseTo(0.1, 12);
    expect(body.metrics.execution_precision["1"].value).toBe(1);
  });

  it("scores embeddings fooled by a distractor: canonical at rank 2", async () => {
    const t0 = Date.now();
    const res = await postSubmission(vendor.token, syntheticNpz(layout, 1, { dtype: "float64" }), { ...METADATA, model: "synthetic-fooled" });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const { body } = await waitUntilFinal(id, vendor.token);
    console.log(`[timing] POST → scored (fooled, warm benchmark cache): ${Date.now() - t0} ms`);
    expect(body.status).toBe("scored");
    expect(body.metrics.exec["1"].value).toBe(0);
    expect(body.metrics.exec["3"].value).toBe(1);
    expect(body.metrics.ndcg["1"].value).toBe(0);
    expect(body.metrics.ndcg["3"].value).toBeCloseTo(1 / Math.log2(3), 12);
    expect(body.metrics.execution_precision["3"].value).toBeCloseTo(1 / 3, 12);
    expect(body.model).toMatchObject({ name: "synthetic-fooled", dtype: "float64", dims: layout.queryIds.length + 5 });

    // The stored ranking says why: rank 1 is the query's first distractor, rank 2 its canonical.
    const rows = await db().ranking.findMany({ where: { submissionId: id }, select: { topCorpusIds: true, passes: true, query: { select: { queryId: true } } } });
    expect(rows).toHaveLength(layout.queryIds.length);
    const q1 = rows.find((r) => r.query.queryId === layout.queryIds[0])!;
    const items = await db().corpusItem.findMany({ where: { id: { in: q1.topCorpusIds.slice(0, 2) } }, select: { id: true, role: true, queryId: true } });
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(q1.topCorpusIds[0])).toMatchObject({ role: "distractor", queryId: layout.queryIds[0] });
    expect(byId.get(q1.topCorpusIds[1])).toMatchObject({ role: "canonical", queryId: layout.queryIds[0] });
    expect(q1.passes.slice(0, 2)).toEqual([false, true]);
  });

  it("never executes a cached pair again", async () => {
    const before = await db().execution.count();
    const t0 = Date.now();
    const res = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "synthetic-oracle-again" });
    const { id } = await res.json();
    const { body } = await waitUntilFinal(id, vendor.token);
    console.log(`[timing] POST → scored (all pairs cached): ${Date.now() - t0} ms`);
    expect(body.status).toBe("scored");
    expect(await db().execution.count()).toBe(before);
  });

  it("keeps unpublished results private and publishes through the CLI", async () => {
    const res = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "synthetic-to-publish" });
    const { id } = await res.json();
    await waitUntilFinal(id, vendor.token);
    expect((await getSubmissionJson(id)).status).toBe(404);
    expect((await getSubmissionJson(id, otherVendor.token)).status).toBe(404);
    const before = await (await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`)).json();
    expect(before.rows.map((r: { submissionId: string }) => r.submissionId)).not.toContain(id);

    const out = await run("node", ["bin/execboard.mjs", "submissions", "publish", id], { env: process.env });
    expect(out.stdout).toMatch(new RegExp(`^published: ${id}\\s+published\\b`, "m"));

    const anonymous = await getSubmissionJson(id);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.status).toBe("published");
    const board = await (await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`)).json();
    const row = board.rows.find((r: { submissionId: string }) => r.submissionId === id);
    expect(row).toBeDefined();
    expect(row.model).toBe("synthetic-to-publish");
    for (const name of ["exec", "execution_precision", "ndcg"]) {
      expect(Object.keys(row.metrics[name]).sort()).toEqual(["1", "10", "3", "5"]);
    }
    expect(row.metrics.exec["1"].value).toBe(1);
  });

  it("refuses to publish a submission that is not scored", async () => {
    const fail = await run("node", ["bin/execboard.mjs", "submissions", "publish", "00000000-0000-4000-8000-000000000000"], { env: process.env }).catch((e) => e);
    expect(fail.code).toBe(4); // exit code 4: not found (README: exit codes)
    expect(fail.stderr).toContain("no submission");
  });

  it("counts queue jobs and rows only for accepted uploads", async () => {
    const jobsBefore = await totalJobs();
    const rowsBefore = await db().submission.count();
    const bad = await postSubmission(vendor.token, Buffer.from("definitely not a zip"), METADATA);
    expect(bad.status).toBe(422);
    expect(await db().submission.count()).toBe(rowsBefore);
    expect(await totalJobs()).toBe(jobsBefore);
  });
});
