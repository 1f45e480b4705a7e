import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { api, cli, documentedResponse, expectMatches, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// The maintainers' review over HTTP against the running app and worker: who may act, what each
// action does to the submission, the leaderboard, the vendor's view and quota, and the audit
// log; answers checked against the served OpenAPI document; the CLI subcommands.
describe("review actions", () => {
  let layout: DemoLayout;
  let doc: Parameters<typeof documentedResponse>[0];
  let vendor: { email: string; token: string };
  let maintainer: { email: string; token: string };

  async function scoredSubmission(model: string, target = 0): Promise<string> {
    const res = await postSubmission(vendor.token, syntheticNpz(layout, target), { ...METADATA, model });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
    return id;
  }
  const act = (id: string, action: string, body: unknown = {}, token = maintainer.token, method = "POST") =>
    api(`/api/v1/submissions/${id}/${action}`, { token, method, body });
  const board = async () => (await api(`/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`)).body.rows as { submissionId: string; verified: boolean; warningNote: string | null }[];
  const quota = async () => (await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token })).body;

  // The version's cross-submission statistics (written by the worker's recompute job) come to
  // describe exactly the published submissions.
  async function statisticsDescribeThePublishedSet(): Promise<void> {
    const versionId = (await db().benchmarkVersion.findFirstOrThrow({ where: { benchmark: { slug: DEMO_SLUG } }, orderBy: { id: "desc" }, select: { id: true } })).id;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const published = (await db().submission.findMany({ where: { versionId, status: "published" }, select: { id: true } })).map((p) => p.id).sort();
      const analysed = (await db().versionAnalysis.findUnique({ where: { versionId }, select: { submissionIds: true } }))?.submissionIds.slice().sort();
      if (JSON.stringify(analysed) === JSON.stringify(published)) return;
      if (Date.now() > deadline) throw new Error(`statistics describe ${analysed?.length} systems, ${published.length} are published`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    vendor = await newAccount("vendor");
    maintainer = await newAccount("maintainer");
    doc = (await api("/api/v1/openapi.json")).body;
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("lets maintainers only: 401 without credentials, 403 for vendors, 404 for no such submission, 400 without a reason", async () => {
    const id = await scoredSubmission("review-guard");
    for (const [action, method, body] of [
      ["publish", "POST", {}],
      ["reject", "POST", { reason: "not good" }],
      ["verify", "POST", {}],
      ["hide", "POST", { reason: "hide it" }],
      ["rerun", "POST", {}],
      ["note", "PUT", { note: "x" }],
    ] as const) {
      expect((await api(`/api/v1/submissions/${id}/${action}`, { method, body })).status, action).toBe(401);
      const asVendor = await act(id, action, body, vendor.token, method);
      expect(asVendor.status, action).toBe(403);
      expect(asVendor.body.error.message).toMatch(/only maintainer or admin accounts can/);
      expect((await act("00000000-0000-4000-8000-000000000000", action, body, maintainer.token, method)).status, action).toBe(404);
    }
    for (const path of ["/api/v1/review/queue", "/api/v1/review/audit", "/api/v1/review/versions"]) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, { token: vendor.token })).status, path).toBe(403);
    }
    const noReason = await act(id, "reject", {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain("reason");
    // Nothing happened to it.
    expect((await api(`/api/v1/submissions/${id}`, { token: vendor.token })).body.status).toBe("scored");
  });

  it("rejects with a reason the vendor sees; nobody else sees the submission; it cannot then be published", async () => {
    const id = await scoredSubmission("review-reject");
    const rejected = await act(id, "reject", { reason: "ids were trained on the test split" });
    expect(rejected.status).toBe(200);
    expectMatches(documentedResponse(doc, "post", "/api/v1/submissions/{id}/reject", 200), rejected.body);
    expect(rejected.body).toMatchObject({ status: "rejected", review: { reason: "ids were trained on the test split" }, actions: ["note", "rerun"] });

    const mine = await api(`/api/v1/submissions/${id}`, { token: vendor.token });
    expect(mine.body.status).toBe("rejected");
    expect(mine.body.review.reason).toBe("ids were trained on the test split");
    expect(mine.body.history.at(-1)).toMatchObject({ status: "rejected", message: "rejected by a maintainer: ids were trained on the test split" });
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 200), mine.body);
    expect((await api(`/api/v1/submissions/${id}`)).status).toBe(404);
    expect((await api(`/api/v1/submissions/${id}`, { token: (await newAccount("vendor")).token })).status).toBe(404);

    const publish = await act(id, "publish");
    expect(publish.status).toBe(409);
    expect(publish.body.error.message).toContain("is rejected; only scored submissions (or hidden ones, to show them again) can be published");
    const audit = (await api(`/api/v1/review/audit?submission=${id}`, { token: maintainer.token })).body;
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ action: "reject", actor: { label: maintainer.email }, fromStatus: "scored", toStatus: "rejected", reason: "ids were trained on the test split" });
  });

  it("verifies, notes, publishes, hides and publishes again: the leaderboard follows, results are never deleted", async () => {
    const id = await scoredSubmission("review-lifecycle", 1);
    expect((await act(id, "verify", { reason: "reproduced from the model card" })).body.review.verified).toBe(true);
    expect((await act(id, "verify")).status).toBe(409); // already verified
    const noted = await act(id, "note", { note: "trained on a superset of the tasks" }, maintainer.token, "PUT");
    expect(noted.status).toBe(200);
    expectMatches(documentedResponse(doc, "put", "/api/v1/submissions/{id}/note", 200), noted.body);
    expect((await board()).some((r) => r.submissionId === id)).toBe(false); // not published yet

    expect((await act(id, "hide", { reason: "too early" })).status).toBe(409); // only published ones
    const published = await act(id, "publish");
    expect(published.body).toMatchObject({ status: "published", actions: ["reject", "unverify", "note", "hide", "rerun"] });
    const row = (await board()).find((r) => r.submissionId === id);
    expect(row).toMatchObject({ verified: true, warningNote: "trained on a superset of the tasks" });
    expectMatches(documentedResponse(doc, "get", "/api/v1/benchmarks/{slug}/leaderboard", 200), (await api(`/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`)).body);
    expect((await api(`/api/v1/submissions/${id}`)).status).toBe(200); // public now

    const hidden = await act(id, "hide", { reason: "license under review" });
    expect(hidden.body).toMatchObject({ status: "hidden", review: { reason: "license under review", verified: true } });
    expect((await board()).some((r) => r.submissionId === id)).toBe(false);
    expect((await api(`/api/v1/submissions/${id}`)).status).toBe(404); // private again
    const owner = await api(`/api/v1/submissions/${id}`, { token: vendor.token });
    expect(owner.body).toMatchObject({ status: "hidden", review: { reason: "license under review" } });
    expect(owner.body.metrics.exec["1"].value).toBeGreaterThanOrEqual(0); // nothing deleted
    expect(await db().pairwiseComparison.count({ where: { OR: [{ submissionA: id }, { submissionB: id }] } })).toBe(0);

    const again = await act(id, "publish");
    expect(again.body).toMatchObject({ status: "published", review: { reason: null, verified: true, warningNote: "trained on a superset of the tasks" } });
    expect((await board()).some((r) => r.submissionId === id)).toBe(true);
    // The published set came back to one it had before; its statistics are recomputed all the same.
    await statisticsDescribeThePublishedSet();
    const cleared = await act(id, "note", { note: null }, maintainer.token, "PUT");
    expect(cleared.body.review.warningNote).toBeNull();
    expect((await board()).find((r) => r.submissionId === id)?.warningNote).toBeNull();

    const audit = (await api(`/api/v1/review/audit?submission=${id}`, { token: maintainer.token })).body;
    expectMatches(documentedResponse(doc, "get", "/api/v1/review/audit", 200), audit);
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(["note", "publish", "hide", "publish", "note", "verify"]);
    expect(audit.entries[2]).toMatchObject({ fromStatus: "published", toStatus: "hidden", reason: "license under review", actor: { label: maintainer.email } });
    expect(audit.entries[4].details).toEqual({ note: "trained on a superset of the tasks", previous: null });
    // Paging: two at a time, newest first, no entry twice.
    const first = (await api(`/api/v1/review/audit?submission=${id}&limit=2`, { token: maintainer.token })).body;
    const second = (await api(`/api/v1/review/audit?submission=${id}&limit=2&before=${first.nextBefore}`, { token: maintainer.token })).body;
    expect([...first.entries, ...second.entries].map((e: { id: string }) => e.id)).toEqual(audit.entries.slice(0, 4).map((e: { id: string }) => e.id));
  });

  it("re-runs a published submission: results go at once, it leaves the leaderboard, it is not charged, and it comes back scored", async () => {
    const id = await scoredSubmission("review-rerun");
    await act(id, "verify");
    await act(id, "publish");
    const before = await quota();
    // Held in the queue (a real BullMQ pause) so "while it runs" is a state the test can look at.
    const queue = getQueue();
    await queue.pause();
    try {
      const rerun = await act(id, "rerun", { reason: "runner 2 verdicts" });
      expect(rerun.status).toBe(202);
      expectMatches(documentedResponse(doc, "post", "/api/v1/submissions/{id}/rerun", 202), rerun.body);
      expect(rerun.body).toMatchObject({ status: "queued", exec1: null, review: { verified: false } });
      const queued = (await api(`/api/v1/submissions/${id}`, { token: vendor.token })).body;
      expect(queued.metrics).toBeNull();
      expect(queued.provenance).toBeNull(); // the old run is listed, but no longer current
      expect(queued.evaluations.some((e: { current: boolean }) => e.current)).toBe(false);
      expect((await board()).some((r) => r.submissionId === id)).toBe(false);
      expect((await api(`/api/v1/submissions/${id}`)).status).toBe(404);
      const during = await quota();
      expect(during.used).toEqual(before.used); // not charged: no new submission, no concurrent slot
      const again = await act(id, "rerun");
      expect(again.status).toBe(409); // already in the pipeline
      expect(again.body.error.message).toContain("cannot re-run a submission that is queued");
    } finally {
      await queue.resume();
    }

    const done = await waitUntilFinal(id, vendor.token);
    expect(done.body.status).toBe("scored");
    expect(done.body.metrics.exec["1"].value).toBeGreaterThan(0);
    expect(done.body.history.map((h: { message: string | null }) => h.message)).toContain("re-run requested by a maintainer: runner 2 verdicts");
    // Provenance: a new run, current, beside the first one (which keeps its metrics).
    const runs = done.body.evaluations as { trigger: string; current: boolean; metrics: unknown }[];
    expect(runs.map((e) => [e.trigger, e.current])).toEqual([["submission", false], ["rerun", true]]);
    expect(runs[0].metrics).not.toBeNull();
    expect((await quota()).used).toEqual(before.used);
    const audit = (await api(`/api/v1/review/audit?submission=${id}&action=rerun`, { token: maintainer.token })).body.entries;
    expect(audit).toMatchObject([{ action: "rerun", fromStatus: "published", toStatus: "queued", reason: "runner 2 verdicts" }]);
  });

  it("lists the queue (awaiting review, oldest first), and the versions overview", async () => {
    const id = await scoredSubmission("review-queue");
    const queue = await api(`/api/v1/review/queue?search=${encodeURIComponent(vendor.email)}`, { token: maintainer.token });
    expect(queue.status).toBe(200);
    expectMatches(documentedResponse(doc, "get", "/api/v1/review/queue", 200), queue.body);
    expect(queue.body.view).toBe("awaiting");
    expect(queue.body.items.map((i: { id: string }) => i.id)).toContain(id);
    expect(queue.body.items.every((i: { status: string; owner: { email: string } }) => i.status === "scored" && i.owner.email === vendor.email)).toBe(true);
    expect(queue.body.counts.awaiting).toBe(queue.body.items.length);
    const { all, ...views } = queue.body.counts as Record<string, number>;
    expect(all).toBe(Object.values(views).reduce((a, b) => a + b, 0));
    const scoredAt = queue.body.items.map((i: { scoredAt: string }) => i.scoredAt);
    expect([...scoredAt].sort()).toEqual(scoredAt);
    expect((await api("/api/v1/review/queue?view=nonsense", { token: maintainer.token })).status).toBe(400);

    const versions = await api("/api/v1/review/versions", { token: maintainer.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/review/versions", 200), versions.body);
    const demo = versions.body.find((v: { benchmark: { slug: string }; current: boolean }) => v.benchmark.slug === DEMO_SLUG && v.current);
    expect(demo.queries).toBe(layout.queryIds.length);
    expect(demo.submissions.awaiting).toBeGreaterThanOrEqual(1);
    // The overview counts what the database holds for the version, whatever other suites left.
    const versionId = (await db().benchmarkVersion.findFirstOrThrow({ where: { benchmark: { slug: DEMO_SLUG } }, orderBy: { id: "desc" }, select: { id: true } })).id;
    expect(demo.submissions.published).toBe(await db().submission.count({ where: { versionId, status: "published" } }));
  });

  it("has CLI subcommands: through the API with a maintainer's token, refused for a vendor's, as the operator without one", async () => {
    const id = await scoredSubmission("review-cli");
    const withToken = await cli(["submissions", "note", id, "--text", "from the CLI"], { EXECBOARD_TOKEN: maintainer.token });
    expect(withToken.code, withToken.stderr).toBe(0);
    expect(withToken.stdout).toContain(`warning note saved: ${id}`);
    const refused = await cli(["submissions", "reject", id, "--reason", "nope"], { EXECBOARD_TOKEN: vendor.token });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("only maintainer or admin accounts can reject submissions");
    expect((await cli(["submissions", "reject", id])).code).toBe(2); // --reason is required
    const operator = await cli(["submissions", "verify", id, "--json"]);
    expect(operator.code, operator.stderr).toBe(0);
    expect(JSON.parse(operator.stdout)).toMatchObject({ id, review: { verified: true, warningNote: "from the CLI" } });
    const log = await cli(["submissions", "audit", "--submission", id], { EXECBOARD_TOKEN: maintainer.token });
    expect(log.stdout).toMatch(/verify\s+\S+ \(review-cli\)\s+by operator /);
    expect(log.stdout).toMatch(new RegExp(`note\\s+\\S+ \\(review-cli\\)\\s+by ${maintainer.email.replace(/[.+]/g, "\\$&")}`));
    expect((await cli(["submissions", "hide", id, "--reason", "x"], { EXECBOARD_TOKEN: maintainer.token })).code).toBe(1); // 409: not published
  });

  it("acts on several submissions from the CLI, each on its own, and lists the queue by search", async () => {
    const tag = `review-cli-bulk-${Date.now()}`;
    const ids = [await scoredSubmission(`${tag}-a`), await scoredSubmission(`${tag}-b`)];
    const listed = await cli(["submissions", "queue", "--search", tag], { EXECBOARD_TOKEN: maintainer.token });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split("\n")[0]).toBe("2 of 2 awaiting submission(s)");
    for (const id of ids) expect(listed.stdout).toContain(id);
    // Through the API with a maintainer's token: both published, one audit entry each.
    const published = await cli(["submissions", "publish", ...ids], { EXECBOARD_TOKEN: maintainer.token });
    expect(published.code, published.stderr).toBe(0);
    for (const id of ids) expect(published.stdout).toContain(`published: ${id}  published`);
    expect(published.stdout).toContain("2 of 2 published");
    // As the operator: a refusal is reported for its id, the others still done, exit code 1.
    const missing = "00000000-0000-4000-8000-000000000000";
    const verified = await cli(["submissions", "verify", ids[0], missing]);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(`marked verified: ${ids[0]}`);
    expect(verified.stdout).toMatch(new RegExp(`refused: ${missing}: .+`));
    expect(verified.stdout).toContain("1 of 2 marked verified, 1 refused");
    for (const [id, actions] of [[ids[0], ["publish", "verify"]], [ids[1], ["publish"]]] as const) {
      const audit = await api(`/api/v1/review/audit?submission=${id}`, { token: maintainer.token });
      expect(audit.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([...actions].sort());
    }
    // Rejecting several still needs a reason, refused before anything is done.
    const noReason = await cli(["submissions", "reject", ...ids]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain("give a reason");
  });
});
