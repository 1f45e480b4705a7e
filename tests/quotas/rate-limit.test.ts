import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/respond";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { rateLimitPage, rateLimitRequest, type RateLimitOptions } from "@/lib/rate-limit/rate-limit-request";
import { createRedis } from "@/lib/queue/connection";

// The API rate limiter against real Redis: fixed windows per token and per address.
describe("rate limiting", () => {
  let redis: Redis;
  let prefix: string;
  const WINDOW = 60;
  // A window ten minutes ahead: the counters cannot expire while the test runs.
  const windowStart = (Math.floor(Date.now() / (WINDOW * 1000)) + 10) * WINDOW * 1000;
  const opts = (o: Partial<RateLimitOptions> = {}): RateLimitOptions => ({ windowSeconds: WINDOW, perToken: 5, perIp: 8, pagesPerIp: 6, signinPerIp: 3, prefix, redis, now: windowStart + 10_000, ...o });
  const req = (ip: string, token?: string) =>
    new Request("http://x.test/api/v1/me", { headers: { "x-forwarded-for": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const limited = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  };

  beforeAll(() => {
    redis = createRedis("queue");
    prefix = `rltest-${crypto.randomUUID()}`;
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("lets a token make its quota of requests, then answers RATE_LIMITED with the seconds to wait", async () => {
    const token = `ebt_${crypto.randomUUID()}`;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) seen.push((await rateLimitRequest(req("10.0.0.1", token), opts()))["x-ratelimit-remaining"]);
    expect(seen).toEqual(["4", "3", "2", "1", "0"]);
    const e = await limited(rateLimitRequest(req("10.0.0.1", token), opts()));
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.retryAfterSeconds).toBe(50);
    expect(e.message).toMatch(/this API token may make 5 per 60 s; try again in 50 s/);
    expect(e.details).toMatchObject({ scope: "token", limit: 5 });
    // Another token from the same address is not affected; the next window starts afresh.
    await expect(rateLimitRequest(req("10.0.0.1", `ebt_${crypto.randomUUID()}`), opts())).resolves.toBeDefined();
    await expect(rateLimitRequest(req("10.0.0.1", token), opts({ now: windowStart + WINDOW * 1000 + 1 }))).resolves.toMatchObject({ "x-ratelimit-remaining": "4" });
  });

  it("limits each address, with or without a token, so fresh tokens cannot dodge it", async () => {
    for (let i = 0; i < 8; i++) await rateLimitRequest(req("10.0.0.2", `ebt_${crypto.randomUUID()}`), opts());
    const e = await limited(rateLimitRequest(req("10.0.0.2"), opts()));
    expect(e.details).toMatchObject({ scope: "ip", limit: 8 });
    await expect(rateLimitRequest(req("10.0.0.3"), opts())).resolves.toMatchObject({ "x-ratelimit-limit": "8", "x-ratelimit-remaining": "7" });
  });

  it("limits pages per address, and sign-in attempts much sooner, apart from the API's windows", async () => {
    for (let i = 0; i < 6; i++) await rateLimitPage("10.0.1.1", "page", opts());
    const pages = await limited(rateLimitPage("10.0.1.1", "page", opts()));
    expect(pages.details).toMatchObject({ scope: "ip", limit: 6 });
    // The API's per-address window is its own.
    await expect(rateLimitRequest(req("10.0.1.1"), opts())).resolves.toMatchObject({ "x-ratelimit-remaining": "7" });
    for (let i = 0; i < 3; i++) await rateLimitPage("10.0.1.2", "signin", opts());
    const signin = await limited(rateLimitPage("10.0.1.2", "signin", opts()));
    expect(signin.message).toMatch(/sign-in attempts from this address may make 3 per 60 s/);
    expect(signin.details).toMatchObject({ scope: "signin", limit: 3 });
    // Reading pages from that address still works until its page window is spent.
    await expect(rateLimitPage("10.0.1.2", "page", opts())).resolves.toBeDefined();
    expect(await rateLimitPage("10.0.1.3", "signin", opts({ pagesPerIp: 0, signinPerIp: 0 }))).toEqual({});
  });

  it("can be turned off, and lets requests through when Redis does not answer", async () => {
    expect(await rateLimitRequest(req("10.0.0.4", "ebt_x"), opts({ perToken: 0, perIp: 0 }))).toEqual({});
    const dead = new Redis("redis://127.0.0.1:9", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on("error", () => undefined);
    expect(await rateLimitRequest(req("10.0.0.4"), opts({ redis: dead }))).toEqual({});
    dead.disconnect();
  });

  it("becomes a 429 with Retry-After and the stable error shape", async () => {
    const res = errorResponse(new AppError("RATE_LIMITED", "too many requests", { scope: "ip" }, { retryAfterSeconds: 17 }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("17");
    expect(await res.json()).toEqual({ error: { code: "RATE_LIMITED", message: "too many requests", details: { scope: "ip" } } });
  });

  it("takes the address the nearest proxy appended", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "198.51.100.7, 10.1.2.3" }))).toBe("10.1.2.3");
    expect(clientIp(new Headers({ "x-real-ip": "10.9.9.9" }))).toBe("10.9.9.9");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});
