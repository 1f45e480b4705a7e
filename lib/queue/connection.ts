import { Redis } from "ioredis";
import { requireRedisUrl } from "@/lib/config";

// The one Redis connection factory. BullMQ workers need maxRetriesPerRequest: null so a
// blocking command is never cut short by a retry limit.
export function createRedis(purpose: "queue" | "worker"): Redis {
  return new Redis(requireRedisUrl(), {
    maxRetriesPerRequest: purpose === "worker" ? null : 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}
