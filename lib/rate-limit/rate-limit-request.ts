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
  /** Page requests per client address and window (0: off). */
  pagesPerIp: number;
  /** Sign-in attempts per client address and window (0: off). */
  signinPerIp: number;
  prefix: string;
  redis?: Redis;
  now?: number;
}

export function rateLimitOptionsFromConfig(): RateLimitOptions {
  const c = getConfig();
  return {
    windowSeconds: c.EXECBOARD_RATE_LIMIT_WINDOW_SECONDS,
    perToken: c.EXECBOARD_RATE_LIMIT_PER_TOKEN,
    perIp: c.EXECBOARD_RATE_LIMIT_PER_IP,
    pagesPerIp: c.EXECBOARD_RATE_LIMIT_PAGES_PER_IP,
    signinPerIp: c.EXECBOARD_RATE_LIMIT_SIGNIN_PER_IP,
    prefix: c.EXECBOARD_QUEUE_PREFIX,
  };
}

// Counts an API request against its API token's window and its client address's window.
// Throws RATE_LIMITED (429, with Retry-After) when either is exhausted; otherwise returns the
// X-RateLimit-* headers describing the tighter of the two.
export async function rateLimitRequest(request: Request, opts: RateLimitOptions = rateLimitOptionsFromConfig()): Promise<Record<string, string>> {
  const buckets: ScopedBucket[] = [];
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer && opts.perToken > 0) buckets.push({ scope: "token", key: `${opts.prefix}:ratelimit:token:${hashToken(bearer)}`, limit: opts.perToken });
  if (opts.perIp > 0) buckets.push({ scope: "ip", key: `${opts.prefix}:ratelimit:ip:${clientIp(request.headers)}`, limit: opts.perIp });
  return limitBuckets(buckets, opts);
}

export type PageRequestKind = "page" | "signin";

// Counts a request for a page (everything outside /api/v1 but static assets: pages, downloads,
// the sign-in form's post) against its client address's window; sign-in attempts also against
// a much smaller one of their own. Same answer as for the API when a window is exhausted.
export async function rateLimitPage(clientAddress: string, kind: PageRequestKind, opts: RateLimitOptions = rateLimitOptionsFromConfig()): Promise<Record<string, string>> {
  const buckets: ScopedBucket[] = [];
  if (opts.pagesPerIp > 0) buckets.push({ scope: "ip", key: `${opts.prefix}:ratelimit:page:${clientAddress}`, limit: opts.pagesPerIp });
  if (kind === "signin" && opts.signinPerIp > 0) buckets.push({ scope: "signin", key: `${opts.prefix}:ratelimit:signin:${clientAddress}`, limit: opts.signinPerIp });
  return limitBuckets(buckets, opts);
}

/** Access requests from one client address: a few a day, so the maintainers' queue cannot be flooded. */
export async function rateLimitAccessRequest(headers: Headers, perDay: number, opts: RateLimitOptions = rateLimitOptionsFromConfig()): Promise<void> {
  if (perDay <= 0) return;
  const bucket: ScopedBucket = { scope: "access", key: `${opts.prefix}:ratelimit:access:${clientIp(headers)}`, limit: perDay };
  await limitBuckets([bucket], { ...opts, windowSeconds: 86_400 });
}

type ScopedBucket = Bucket & { scope: "token" | "ip" | "signin" | "access" };

const WHO = { token: "this API token", ip: "this address", signin: "sign-in attempts from this address", access: "access requests from this address" } as const;

async function limitBuckets(buckets: ScopedBucket[], opts: RateLimitOptions): Promise<Record<string, string>> {
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
    const scope = buckets[over].scope;
    throw new AppError(
      "RATE_LIMITED",
      `too many requests: ${WHO[scope]} may make ${s.limit} per ${opts.windowSeconds} s; try again in ${retryAfterSeconds} s`,
      { scope, limit: s.limit, windowSeconds: opts.windowSeconds },
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
