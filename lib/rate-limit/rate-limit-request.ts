import type { Redis } from "ioredis";
import { hashToken } from "@/lib/auth/tokens";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { clientIp } from "./client-ip";
import { hitWindows, type Bucket, type BucketState } from "./fixed-window";
import { rateLimitRedis } from "./redis";

// Redis must not make the API slow or unavailable: if it does not answer in time, the request
// goes through unlimited (and the problem is logged).
const REDIS_TIMEOUT_MS = 300;
let lastWarning = 0;

export interface RateLimitOptions {
  windowSeconds: number;
  perToken: number;
  perIp: number;
  prefix: string;
  redis?: Redis;
  now?: number;
}

export function rateLimitOptionsFromConfig(): RateLimitOptions {
  const c = getConfig();
  return { windowSeconds: c.EXECBOARD_RATE_LIMIT_WINDOW_SECONDS, perToken: c.EXECBOARD_RATE_LIMIT_PER_TOKEN, perIp: c.EXECBOARD_RATE_LIMIT_PER_IP, prefix: c.EXECBOARD_QUEUE_PREFIX };
}

// Counts an API request against its API token's window and its client address's window.
// Throws RATE_LIMITED (429, with Retry-After) when either is exhausted; otherwise returns the
// X-RateLimit-* headers describing the tighter of the two.
export async function rateLimitRequest(request: Request, opts: RateLimitOptions = rateLimitOptionsFromConfig()): Promise<Record<string, string>> {
  const buckets: (Bucket & { scope: "token" | "ip" })[] = [];
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer && opts.perToken > 0) buckets.push({ scope: "token", key: `${opts.prefix}:ratelimit:token:${hashToken(bearer)}`, limit: opts.perToken });
  if (opts.perIp > 0) buckets.push({ scope: "ip", key: `${opts.prefix}:ratelimit:ip:${clientIp(request.headers)}`, limit: opts.perIp });
  if (buckets.length === 0) return {};

  const windowMs = opts.windowSeconds * 1000;
  const now = opts.now ?? Date.now();
  let states: BucketState[];
  try {
    states = await withTimeout(hitWindows(opts.redis ?? rateLimitRedis(), buckets, windowMs, now), REDIS_TIMEOUT_MS);
  } catch (e) {
    if (now - lastWarning > 10_000) console.warn(`[rate-limit] not enforced while Redis is unavailable: ${(e as Error).message}`);
    lastWarning = now;
    return {};
  }
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  const headers = {
    "x-ratelimit-limit": String(tightest.limit),
    "x-ratelimit-remaining": String(tightest.remaining),
    "x-ratelimit-reset": String(Math.ceil(tightest.resetAt / 1000)),
  };
  const over = states.findIndex((s) => s.count > s.limit);
  if (over >= 0) {
    const s = states[over];
    const retryAfterSeconds = Math.max(1, Math.ceil((s.resetAt - now) / 1000));
    const who = buckets[over].scope === "token" ? "this API token" : "this address";
    throw new AppError(
      "RATE_LIMITED",
      `too many requests: ${who} may make ${s.limit} per ${opts.windowSeconds} s; try again in ${retryAfterSeconds} s`,
      { scope: buckets[over].scope, limit: s.limit, windowSeconds: opts.windowSeconds },
      { retryAfterSeconds },
    );
  }
  return headers;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
