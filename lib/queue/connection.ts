import { Redis } from "ioredis";
import { requireRedisUrl } from "@/lib/config";

// The one Redis connection factory. BullMQ workers need maxRetriesPerRequest: null so a
// blocking command is never cut short by a retry limit. ioredis reconnects by itself; a lost
// connection is said once (naming what the connection is for), not once per retry, and said
// again only after it came back and was lost anew.
export function createRedis(purpose: "queue" | "worker"): Redis {
  const redis = new Redis(requireRedisUrl(), {
    maxRetriesPerRequest: purpose === "worker" ? null : 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
  let said = false;
  redis.on("error", (e: Error) => {
    if (said) return;
    said = true;
    console.error(`[redis ${purpose}] ${e.message}; reconnecting`);
  });
  redis.on("ready", () => {
    said = false;
  });
  return redis;
}
