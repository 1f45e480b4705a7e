import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "@/lib/auth/create-token";
import { createUser } from "@/lib/auth/create-user";
import { optionalViewer, requireViewer } from "@/lib/auth/resolve-viewer";
import { revokeToken } from "@/lib/auth/revoke-token";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { signIn } from "@/lib/auth/sign-in";
import { signOut } from "@/lib/auth/sign-out";
import { hashToken } from "@/lib/auth/tokens";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

const BASE = "http://execboard.test";

function request(opts: { cookie?: string; bearer?: string; method?: string; origin?: string; proto?: string } = {}): Request {
  const headers = new Headers({ host: "execboard.test" });
  if (opts.proto) headers.set("x-forwarded-proto", opts.proto);
  if (opts.cookie) headers.set("cookie", `theme=dark; ${SESSION_COOKIE}=${opts.cookie}`);
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  if (opts.origin) headers.set("origin", opts.origin);
  return new Request(`${BASE}/api/v1/me`, { method: opts.method ?? "GET", headers });
}

// Web sign-in: a pasted token opens a server-side session; the cookie holds only a random id.
describe("web sessions", () => {
  let email: string;
  let token: string;

  beforeAll(async () => {
    email = `session-${crypto.randomUUID()}@test.execboard`;
    token = (await createUser({ email, role: "vendor" })).token;
  });

  afterAll(async () => {
    await disconnectDb();
  });

  it("signs in with a valid token and resolves the viewer from the cookie", async () => {
    const s = await signIn({ token: `  ${token}\n` });
    expect(s.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db().session.findUniqueOrThrow({ where: { sessionHash: hashToken(s.sessionId) } });
    expect(JSON.stringify(row)).not.toContain(s.sessionId);
    const viewer = await requireViewer(request({ cookie: s.sessionId }));
    expect(viewer).toMatchObject({ email, role: "vendor", via: "session" });
  });

  it("never outlives the token it was opened with", async () => {
    const short = await createToken((await requireViewer(request({ bearer: token })))!, { expiresInDays: 1 });
    const s = await signIn({ token: short.token });
    expect(s.expiresAt.toISOString()).toBe(short.info.expiresAt);
    const long = await signIn({ token });
    const hours = (long.expiresAt.getTime() - Date.now()) / 3_600_000;
    const ttl = getConfig().EXECBOARD_SESSION_TTL_HOURS;
    expect(hours).toBeGreaterThan(ttl - 0.1);
    expect(hours).toBeLessThanOrEqual(ttl);
  });

  it("refuses tokens that are malformed, unknown, revoked or expired, saying which", async () => {
    const fail = async (t: string) => (await signIn({ token: t }).then(() => null, (e: AppError) => e))!;
    expect((await fail("hello")).code).toBe("BAD_REQUEST");
    expect((await fail("ebt_" + "x".repeat(32))).message).toMatch(/unknown or revoked/);
    const owner = await requireViewer(request({ bearer: token }));
    const t = await createToken(owner, {});
    await db().apiToken.update({ where: { id: t.info.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await fail(t.token)).code).toBe("TOKEN_EXPIRED");
    const r = await createToken(owner, {});
    await revokeToken(owner, r.info.id);
    expect((await fail(r.token)).message).toMatch(/revoked/);
  });

  it("ends every session of a token when the token is revoked", async () => {
    const owner = await requireViewer(request({ bearer: token }));
    const t = await createToken(owner, { name: "browser" });
    const s = await signIn({ token: t.token });
    expect(await optionalViewer(request({ cookie: s.sessionId }))).not.toBeNull();
    await revokeToken(owner, t.info.id);
    expect(await optionalViewer(request({ cookie: s.sessionId }))).toBeNull();
    await expect(requireViewer(request({ cookie: s.sessionId }))).rejects.toThrow(/sign in again/);
  });

  it("treats an expired session as signed out, with a message saying so", async () => {
    const s = await signIn({ token });
    await db().session.update({ where: { sessionHash: hashToken(s.sessionId) }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await optionalViewer(request({ cookie: s.sessionId }))).toBeNull();
    await expect(requireViewer(request({ cookie: s.sessionId }))).rejects.toThrow(/session has expired/);
  });

  it("signs out: the session row is gone and the cookie no longer works", async () => {
    const s = await signIn({ token });
    await signOut(s.sessionId);
    expect(await db().session.count({ where: { sessionHash: hashToken(s.sessionId) } })).toBe(0);
    expect(await optionalViewer(request({ cookie: s.sessionId }))).toBeNull();
    await signOut(s.sessionId); // again: harmless
  });

  it("prefers the Authorization header, and a bad one is an error even with a good cookie", async () => {
    const s = await signIn({ token });
    const e = await optionalViewer(request({ cookie: s.sessionId, bearer: "ebt_" + "y".repeat(32) })).catch((err) => err);
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe("UNAUTHORIZED");
    expect((await optionalViewer(request({ bearer: token })))?.via).toBe("token");
  });

  it("refuses changes made with the cookie from another origin, allows them from this one", async () => {
    const s = await signIn({ token });
    const cross = await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: "https://evil.example" })).catch((e) => e);
    expect(cross.code).toBe("FORBIDDEN");
    const missing = await requireViewer(request({ cookie: s.sessionId, method: "DELETE" })).catch((e) => e);
    expect(missing.code).toBe("FORBIDDEN");
    expect((await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: BASE }))).email).toBe(email);
    // The scheme counts: an https page cannot change the http site, nor an http page the https one.
    const otherScheme = await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: "https://execboard.test" })).catch((e) => e);
    expect(otherScheme.code).toBe("FORBIDDEN");
    const downgraded = await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: "http://execboard.test", proto: "https" })).catch((e) => e);
    expect(downgraded.code).toBe("FORBIDDEN");
    expect((await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: "https://execboard.test", proto: "https" }))).email).toBe(email);
    const otherPort = await requireViewer(request({ cookie: s.sessionId, method: "POST", origin: "http://execboard.test:8080" })).catch((e) => e);
    expect(otherPort.code).toBe("FORBIDDEN");
    // Bearer-token clients are not browsers; no Origin needed.
    expect((await requireViewer(request({ bearer: token, method: "POST" }))).email).toBe(email);
  });

  it("answers anonymous requests with nobody, and requireViewer with how to authenticate", async () => {
    expect(await optionalViewer(request())).toBeNull();
    await expect(requireViewer(request())).rejects.toThrow(/Authorization header.*sign in at \/signin/);
  });
});
