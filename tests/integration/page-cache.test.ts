// Public pages come from the web process's page cache (lib/http/page-cache.ts) while nothing a
// reader could see has changed, and never once something has: the next page view after a
// publish, hide or review action shows it, whether the action went through this web process
// (the API) or another process (here: the test process itself, as the CLI or a worker would).
// Signed-in viewers are never served from, or stored into, the cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor } from "@/lib/audit/audit-actor";
import { signIn } from "@/lib/auth/sign-in";
import { db, disconnectDb } from "@/lib/db/client";
import { closeReaderStamp } from "@/lib/db/reader-stamp";
import { closeQueue } from "@/lib/queue/enqueue";
import { hideSubmission } from "@/lib/review/hide-submission";
import { rejectSubmission } from "@/lib/review/reject-submission";
import { publishSubmission } from "@/lib/review/publish-submission";
import { setWarningNote } from "@/lib/review/set-warning-note";
import { api, newAccount } from "./accounts-helpers";
import { cached, expectStampMove, page } from "./page-cache-helpers";
import { baseUrl, DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal } from "./helpers";

describe("the page cache is never stale", () => {
  let vendor: { email: string; token: string };
  let maintainer: { token: string };
  let session: string;
  let id: string, privateId: string;
  const model = `cache-check-${Date.now()}`, privateModel = `${model}-private`;
  const board = `/benchmarks/${DEMO_SLUG}`;

  beforeAll(async () => {
    const layout = await demoLayout((await importDemo()).versionId);
    vendor = await newAccount("vendor");
    maintainer = await newAccount("maintainer");
    session = (await signIn({ token: vendor.token })).sessionId;
    id = (await (await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model })).json()).id;
    privateId = (await (await postSubmission(vendor.token, syntheticNpz(layout, 1), { ...METADATA, model: privateModel })).json()).id;
    expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
    expect((await waitUntilFinal(privateId, vendor.token)).body.status).toBe("scored");
  });

  afterAll(async () => {
    await closeQueue();
    await closeReaderStamp();
    await disconnectDb();
  });

  it("shows a publication made through the API on the very next view", async () => {
    expect(await cached(board)).not.toContain(model);
    const json = `/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`;
    expect(await cached(json)).not.toContain(model);
    expect((await page(`/submissions/${id}`)).status).toBe(404);
    const published = await api(`/api/v1/submissions/${id}/publish`, { token: maintainer.token, method: "POST", body: {} });
    expect(published.status).toBe(200);
    const after = await page(board);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(model);
    expect((await page(json)).html).toContain(model);
    expect(await cached(`/submissions/${id}`)).toContain(model);
    // An API answer from memory still carries the address's rate limit, counted for it.
    const [first, second] = [await fetch(`${baseUrl()}${json}`), await fetch(`${baseUrl()}${json}`)];
    expect(second.headers.get("x-execboard-cache")).toBe("hit");
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBeLessThan(Number(first.headers.get("x-ratelimit-remaining")));
  });

  it("shows review actions taken by another process on the very next view", async () => {
    expect(await cached(board)).toContain(model);
    const note = `note-${Date.now()}`;
    await setWarningNote(operatorActor("page-cache test"), id, { note });
    expect((await page(board)).html).toContain(note);
    expect((await page(`/submissions/${id}`)).html).toContain(note);

    expect(await cached(board)).toContain(model);
    await hideSubmission(operatorActor("page-cache test"), id, { reason: "checking the cache" });
    expect((await page(board)).html).not.toContain(model);
    expect((await page(`/submissions/${id}`)).status).toBe(404);

    expect(await cached(board)).not.toContain(model);
    await publishSubmission(id, { actor: operatorActor("page-cache test") });
    expect((await page(board)).html).toContain(model);
    expect((await page(`/submissions/${id}`)).status).toBe(200);
  });

  it("never gives one viewer's page to another", async () => {
    // The owner, signed in, sees their private submission and their own name; that answer is
    // not kept, and signed-out readers are never given it.
    const own = await page(`/submissions/${privateId}`, session);
    expect(own.status).toBe(200);
    expect(own.cache).toBeNull();
    expect(own.html).toContain(privateModel);
    const ownBoard = await page(board, session);
    expect(ownBoard.cache).toBeNull();
    expect(ownBoard.html).toContain(vendor.email);
    for (let i = 0; i < 2; i++) {
      const anonymous = await page(`/submissions/${privateId}`);
      expect(anonymous.status).toBe(404);
      expect(anonymous.html).not.toContain(privateModel);
    }
    const anonymousBoard = await cached(board);
    expect(anonymousBoard).not.toContain(vendor.email);
    expect(anonymousBoard).not.toContain(privateModel);
    // A cached public page is not handed to a signed-in viewer either: they get their own.
    expect((await page(board, session)).html).toContain(vendor.email);
  });

  it("moves the reader stamp with exactly the writes a reader could see", async () => {
    const moves = expectStampMove;
    const metric = { name: "cache_check", k: 1, value: 0.5, ciLow: 0.4, ciHigh: 0.6 };
    // Unpublished work: never.
    await moves("a private submission's progress", () => db().submission.update({ where: { id: privateId }, data: { progressDone: 7 } }), false);
    await moves("a private submission's metrics", () => db().metric.create({ data: { submissionId: privateId, ...metric } }), false);
    await moves("a first verdict in the execution cache", () => db().execution.create({ data: { codeHash: `h-${Date.now()}`, testsHash: "t", runnerVersion: "9", outcomes: ["pass"], passed: true, durationMs: 1, backend: "process" } }), false);
    // Published work: always, and only for what shows.
    await moves("a published submission's metrics", () => db().metric.create({ data: { submissionId: id, ...metric } }), true);
    await moves("a published submission's record", () => db().submission.update({ where: { id }, data: { warningNote: `stamp-${Date.now()}` } }), true);
    const hash = `h2-${Date.now()}`;
    await db().execution.create({ data: { codeHash: hash, testsHash: "t", runnerVersion: "1", outcomes: ["FAIL"], passed: false, durationMs: 1, backend: "process" } });
    await moves("a second verdict for the same code and tests", () => db().execution.create({ data: { codeHash: hash, testsHash: "t", runnerVersion: "2", outcomes: ["pass"], passed: true, durationMs: 1, backend: "process" } }), true);
    await moves("a screening verdict", () => db().execution.create({ data: { codeHash: hash, testsHash: "t", runnerVersion: "2+screen-1000ms", outcomes: ["pass"], passed: true, durationMs: 1, backend: "process" } }), false);
    const { versionId, version } = await db().submission.findUniqueOrThrow({ where: { id }, select: { versionId: true, version: { select: { description: true } } } });
    await moves("a benchmark version's record", () => db().benchmarkVersion.update({ where: { id: versionId }, data: { description: `${version.description} ` } }), true);
    await db().benchmarkVersion.update({ where: { id: versionId }, data: { description: version.description } });
    // The statistics the publication asked for are recomputed by a worker; their write moves it too.
    for (let i = 0; i < 600 && !(await db().versionAnalysis.findUnique({ where: { versionId } })); i++) await new Promise((r) => setTimeout(r, 100));
    await moves("the version's statistics", () => db().versionAnalysis.update({ where: { versionId }, data: { computedAt: new Date() } }), true);
    await moves("rejecting a private submission", () => rejectSubmission(operatorActor("page-cache test"), privateId, { reason: "checking the stamp" }), false);
    await moves("hiding a published one", () => hideSubmission(operatorActor("page-cache test"), id, { reason: "checking the stamp" }), true);
    await db().metric.deleteMany({ where: { name: metric.name } });
  });
});
