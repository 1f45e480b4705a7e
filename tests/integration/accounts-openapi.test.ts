import { execFileSync } from "node:child_process";
import pkg from "@/package.json";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { publishSubmission } from "@/lib/review/publish-submission";
import { api, documentedResponse, expectMatches, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal } from "./helpers";

// The OpenAPI document served by the app says what real answers look like: each answer below,
// from the running server, is validated against the schema the document gives for it.
describe("OpenAPI document matches real answers", () => {
  let doc: Parameters<typeof documentedResponse>[0];
  let vendor: { token: string };
  let submissionId: string;

  beforeAll(async () => {
    const imported = await importDemo();
    const layout = await demoLayout(imported.versionId);
    vendor = await newAccount("vendor");
    const res = await api("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body;
    const posted = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: "openapi-check" });
    const created = await posted.json();
    expectMatches(documentedResponse(doc, "post", "/api/v1/benchmarks/{slug}/submissions", 202), created);
    submissionId = created.id;
    await waitUntilFinal(submissionId, vendor.token);
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("serves OpenAPI 3.1 describing /api/v1", async () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/v1/tokens");
  });

  it("health, leaderboard and a scored submission", async () => {
    const health = await api("/api/v1/health");
    expectMatches(documentedResponse(doc, "get", "/api/v1/health", 200), health.body);
    // The build answering is the checkout under test (scripts/test.sh runs from a git clone).
    expect(health.body.execboard).toEqual({ version: pkg.version, commit: execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim() });
    const sub = await api(`/api/v1/submissions/${submissionId}`, { token: vendor.token });
    expect(sub.body.metrics).not.toBeNull();
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 200), sub.body);
    await publishSubmission(submissionId);
    const board = await api(`/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`);
    expect(board.body.rows.length).toBeGreaterThan(0);
    expectMatches(documentedResponse(doc, "get", "/api/v1/benchmarks/{slug}/leaderboard", 200), board.body);
    // The benchmark list names the demo with its current version's size and published count.
    const list = await api("/api/v1/benchmarks");
    expectMatches(documentedResponse(doc, "get", "/api/v1/benchmarks", 200), list.body);
    const demo = list.body.benchmarks.find((b: { slug: string }) => b.slug === DEMO_SLUG);
    expect(demo.versions[0]).toMatchObject({ current: true, queries: 48, corpus: 240 });
    expect(demo.versions[0].publishedSubmissions).toBeGreaterThan(0);
    // The vendor's own list holds the submission they just made, marked as theirs.
    const mine = await api("/api/v1/submissions", { token: vendor.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions", 200), mine.body);
    expect(mine.body.submissions.map((x: { id: string; submittedBy: { you: boolean } }) => [x.id, x.submittedBy.you])).toContainEqual([submissionId, true]);
  });

  it("accounts: me, token list, create, rotate, revoke", async () => {
    expectMatches(documentedResponse(doc, "get", "/api/v1/me", 200), (await api("/api/v1/me", { token: vendor.token })).body);
    const created = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: { name: "schema" } });
    expect(created.status).toBe(201);
    expectMatches(documentedResponse(doc, "post", "/api/v1/tokens", 201), created.body);
    expectMatches(documentedResponse(doc, "get", "/api/v1/tokens", 200), (await api("/api/v1/tokens", { token: vendor.token })).body);
    const rotated = await api(`/api/v1/tokens/${created.body.info.id}/rotate`, { token: vendor.token, method: "POST" });
    expectMatches(documentedResponse(doc, "post", "/api/v1/tokens/{id}/rotate", 201), rotated.body);
    const revoked = await api(`/api/v1/tokens/${rotated.body.info.id}`, { token: vendor.token, method: "DELETE" });
    expectMatches(documentedResponse(doc, "delete", "/api/v1/tokens/{id}", 200), revoked.body);
  });

  it("quota, and error answers in the documented error shape", async () => {
    expectMatches(documentedResponse(doc, "get", "/api/v1/quota", 200), (await api(`/api/v1/quota?benchmark=${DEMO_SLUG}`, { token: vendor.token })).body);
    const missing = await api("/api/v1/submissions/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 404), missing.body);
    const unauthorized = await api("/api/v1/tokens");
    expect(unauthorized.status).toBe(401);
    expectMatches(documentedResponse(doc, "get", "/api/v1/tokens", 401), unauthorized.body);
    // A field the document does not list would fail validation: the schemas are closed.
    expect(documentedResponse(doc, "get", "/api/v1/me", 200).safeParse({ ...(await api("/api/v1/me", { token: vendor.token })).body, extra: 1 }).success).toBe(false);
  });
});
