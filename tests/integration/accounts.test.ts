import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/sign-in";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { api, freshLoopbackAddress, newAccount, rawRequest } from "./accounts-helpers";
import { baseUrl, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz } from "./helpers";

// Accounts over HTTP against the running app: tokens managed by their owner, web sessions,
// who sees an unpublished submission, and the rate limiter in front of every route.
describe("accounts and access over HTTP", () => {
  let vendor: { id: string; email: string; token: string };
  let otherVendor: { token: string };
  let maintainer: { token: string };
  let admin: { token: string };
  let privateId: string;

  beforeAll(async () => {
    const imported = await importDemo();
    vendor = await newAccount("vendor");
    otherVendor = await newAccount("vendor");
    maintainer = await newAccount("maintainer");
    admin = await newAccount("admin");
    const res = await postSubmission(vendor.token, syntheticNpz(await demoLayout(imported.versionId), 1), { ...METADATA, model: "private-model" });
    expect(res.status).toBe(202);
    privateId = (await res.json()).id;
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("lets the owner create, list, rotate and revoke tokens; secrets are shown once", async () => {
    const created = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: { name: "ci runner", expiresInDays: 30 } });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^ebt_/);
    expect(created.body.info).toMatchObject({ name: "ci runner", status: "active", prefix: created.body.token.slice(0, 10) });
    const me = await api("/api/v1/me", { token: created.body.token });
    expect(me.body).toMatchObject({ email: vendor.email, role: "vendor", authenticatedWith: "token" });

    const list = await api("/api/v1/tokens", { token: vendor.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    expect(list.body.tokens.find((t: { current: boolean }) => t.current).prefix).toBe(vendor.token.slice(0, 10));

    const rotated = await api(`/api/v1/tokens/${created.body.info.id}/rotate`, { token: vendor.token, method: "POST" });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ replaces: created.body.info.id, info: { name: "ci runner" } });
    const old = await api("/api/v1/me", { token: created.body.token });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toMatch(/was revoked on/);
    expect((await api("/api/v1/me", { token: rotated.body.token })).status).toBe(200);

    const revoked = await api(`/api/v1/tokens/${rotated.body.info.id}`, { token: vendor.token, method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect(revoked.body.info.status).toBe("revoked");
    expect((await api("/api/v1/me", { token: rotated.body.token })).status).toBe(401);
    expect((await api(`/api/v1/tokens/${created.body.info.id}/rotate`, { token: vendor.token, method: "POST" })).body.error.code).toBe("CONFLICT");
  });

  it("never lets one user touch another's tokens", async () => {
    const mine = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: {} });
    for (const [method, path] of [["DELETE", `/api/v1/tokens/${mine.body.info.id}`], ["POST", `/api/v1/tokens/${mine.body.info.id}/rotate`]]) {
      const res = await api(path, { token: otherVendor.token, method });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect((await api("/api/v1/me", { token: mine.body.token })).status).toBe(200);
  });

  it("answers an expired token with 401 TOKEN_EXPIRED, the expiry date and what to do", async () => {
    const t = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: { name: "expiring" } });
    const expiredAt = new Date(Date.now() - 5_000);
    await db().apiToken.update({ where: { id: t.body.info.id }, data: { expiresAt: expiredAt } });
    const res = await api("/api/v1/me", { token: t.body.token });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.body.error).toMatchObject({ code: "TOKEN_EXPIRED", details: { expiredAt: expiredAt.toISOString() } });
    expect(res.body.error.message).toMatch(/expired on .*execboard tokens create/);
  });

  it("refuses malformed token requests with 400 and the problem named", async () => {
    const zero = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: { expiresInDays: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toMatch(/expiresInDays/);
    expect((await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: { scopes: ["all"] } })).status).toBe(400);
    const notJson = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: "{nope" });
    expect(notJson.body.error).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/not valid JSON/) });
  });

  it("accepts the web session cookie, and refuses cookie-borne changes from another origin", async () => {
    const session = await signIn({ token: vendor.token });
    const me = await api("/api/v1/me", { cookie: session.sessionId });
    expect(me.body).toMatchObject({ email: vendor.email, authenticatedWith: "session" });
    const own = await api(`/api/v1/submissions/${privateId}`, { cookie: session.sessionId });
    expect(own.status).toBe(200);
    expect(own.body.model.name).toBe("private-model");
    const cross = await api("/api/v1/tokens", { cookie: session.sessionId, method: "POST", body: {}, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    const same = await api("/api/v1/tokens", { cookie: session.sessionId, method: "POST", body: { name: "from the web" }, headers: { origin: new URL(baseUrl()).origin } });
    expect(same.status).toBe(201);
    expect((await api("/api/v1/me", { cookie: "not-a-session" })).status).toBe(401);
  });

  it("shows an unpublished submission to its owner, maintainers and admins only", async () => {
    const as = async (token?: string) => (await api(`/api/v1/submissions/${privateId}`, { token })).status;
    expect(await as(vendor.token)).toBe(200);
    expect(await as(maintainer.token)).toBe(200);
    expect(await as(admin.token)).toBe(200);
    expect(await as(otherVendor.token)).toBe(404);
    expect(await as(undefined)).toBe(404);
    // Same answer as for an id that does not exist: existence does not leak.
    const ghost = await api(`/api/v1/submissions/${crypto.randomUUID()}`, { token: otherVendor.token });
    expect((await api(`/api/v1/submissions/${privateId}`, { token: otherVendor.token })).body.error.message.replace(privateId, "X")).toBe(
      ghost.body.error.message.replace(/[0-9a-f-]{36}/, "X"),
    );
  });

  it("rate limits every route per token: headers on each answer, then 429 with Retry-After", { timeout: 180_000 }, async () => {
    // A token nobody else uses, from a loopback address nobody else uses (the per-address
    // bucket of the test runner's own address stays untouched for the other suites).
    const token = `ebt_${crypto.randomBytes(24).toString("base64url")}`;
    const from = freshLoopbackAddress();
    const call = async (t: string) => {
      const r = await rawRequest("/api/v1/health", { from, headers: { authorization: `Bearer ${t}` } });
      return { status: r.status, headers: r.headers, body: JSON.parse(r.body) };
    };
    // Windows are fixed: start the burst at the beginning of one, so a slow machine cannot
    // carry it across a window boundary (where counting starts again from zero).
    const probe = await call(`ebt_${crypto.randomBytes(24).toString("base64url")}`);
    const untilReset = Number(probe.headers["x-ratelimit-reset"]) * 1000 - Date.now();
    if (untilReset < 45_000) await new Promise((r) => setTimeout(r, untilReset + 250));
    const first = await call(token);
    expect(first.status).toBe(200);
    const limit = Number(first.headers["x-ratelimit-limit"]);
    expect(limit).toBeGreaterThan(0);
    expect(Number(first.headers["x-ratelimit-remaining"])).toBe(limit - 1);
    let used = 1;
    while (used < limit) {
      const batch = Math.min(25, limit - used);
      const answers = await Promise.all(Array.from({ length: batch }, () => call(token)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      used += batch;
    }
    const over = await call(token);
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body.error).toMatchObject({ code: "RATE_LIMITED", details: { scope: "token", limit } });
    // Other tokens are unaffected.
    expect((await api("/api/v1/me", { token: vendor.token })).status).toBe(200);
  });
});
