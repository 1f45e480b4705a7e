import type { Redis } from "ioredis";

export interface Bucket {
  key: string;
  limit: number;
}

export interface BucketState {
  key: string;
  limit: number;
  count: number;
  remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  resetAt: number;
}

// Fixed-window counters in Redis: one INCR per bucket per request, all in one round trip. The
// key carries the window's start, so a new window starts from zero without a reset step, and
// each key expires shortly after its window ends.
export async function hitWindows(redis: Redis, buckets: Bucket[], windowMs: number, now = Date.now()): Promise<BucketState[]> {
  if (buckets.length === 0) return [];
  const start = now - (now % windowMs);
  const resetAt = start + windowMs;
  const multi = redis.multi();
  for (const b of buckets) {
    const key = `${b.key}:${start}`;
    multi.incr(key);
    multi.pexpireat(key, resetAt + 1_000);
  }
  const replies = (await multi.exec()) ?? [];
  return buckets.map((b, i) => {
    const [err, value] = replies[i * 2] ?? [new Error("no reply"), null];
    if (err) throw err;
    const count = Number(value);
    return { key: b.key, limit: b.limit, count, remaining: Math.max(0, b.limit - count), resetAt };
  });
}
