import { getConfig } from "@/lib/config";
import { createRedis } from "@/lib/queue/connection";
import { getQueue } from "@/lib/queue/enqueue";
import { reapStuckSubmissions } from "@/lib/scoring/reap-stuck-submissions";

// Runs the reaper on a timer in every worker; a short Redis lock lets one worker at a time
// do a round, so adding workers does not multiply the work.
export function startReaper(): () => Promise<void> {
  const config = getConfig();
  const redis = createRedis("queue");
  const lockKey = `${config.EXECBOARD_QUEUE_PREFIX}:reaper-lock`;
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      const got = await redis.set(lockKey, String(process.pid), "PX", Math.max(1000, config.EXECBOARD_REAPER_INTERVAL_MS - 100), "NX");
      if (got !== "OK") return;
      const r = await reapStuckSubmissions({
        queue: getQueue(),
        staleMs: config.EXECBOARD_STALE_MS,
        hardDeadlineMs: config.EXECBOARD_HARD_DEADLINE_MS,
      });
      if (r.requeued.length || r.failed.length) {
        console.log(`[reaper] requeued ${r.requeued.length} (${r.requeued.join(", ")}), failed ${r.failed.length} (${r.failed.join(", ")})`);
      }
    } catch (e) {
      console.error(`[reaper] round failed: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), config.EXECBOARD_REAPER_INTERVAL_MS);
  void round();
  return async () => {
    clearInterval(timer);
    await redis.quit().catch(() => undefined);
  };
}
