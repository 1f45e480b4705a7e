import type { Redis } from "ioredis";
import { createRedis } from "@/lib/queue/connection";

const globalForLimiter = globalThis as unknown as { execboardRateLimitRedis?: Redis };

// One connection per web process for the limiter's counters (from the one Redis factory).
export function rateLimitRedis(): Redis {
  if (!globalForLimiter.execboardRateLimitRedis) {
    const redis = createRedis("queue");
    redis.on("error", () => undefined); // reported by the limiter when a request needs it
    globalForLimiter.execboardRateLimitRedis = redis;
  }
  return globalForLimiter.execboardRateLimitRedis;
}

export async function closeRateLimitRedis(): Promise<void> {
  const redis = globalForLimiter.execboardRateLimitRedis;
  globalForLimiter.execboardRateLimitRedis = undefined;
  await redis?.quit().catch(() => undefined);
}
