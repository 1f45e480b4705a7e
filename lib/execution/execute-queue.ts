import os from "node:os";
import { Queue } from "bullmq";
import { getConfig } from "@/lib/config";
import { createRedis } from "@/lib/queue/connection";
import { EXECUTE_QUEUE_NAME, jobs, type ExecutePairsPayload } from "@/lib/queue/jobs";

// The execution queue: chunks of pairs that any worker process (on any machine) executes
// into the shared execution cache.

const globalForQueue = globalThis as unknown as { execboardExecuteQueue?: Queue };

export function getExecuteQueue(): Queue {
  if (!globalForQueue.execboardExecuteQueue) {
    globalForQueue.execboardExecuteQueue = new Queue(EXECUTE_QUEUE_NAME, {
      connection: createRedis("queue"),
      prefix: getConfig().EXECBOARD_QUEUE_PREFIX,
    });
  }
  return globalForQueue.execboardExecuteQueue;
}

export async function closeExecuteQueue(): Promise<void> {
  const q = globalForQueue.execboardExecuteQueue;
  if (q) {
    globalForQueue.execboardExecuteQueue = undefined;
    await q.close();
    await (await q.client).quit().catch(() => undefined);
  }
}

export async function enqueueExecutePairs(payload: ExecutePairsPayload): Promise<void> {
  const def = jobs.executePairs;
  const data = def.schema.parse(payload);
  await getExecuteQueue().add(def.name, data, {
    jobId: def.jobId(data),
    attempts: def.attempts,
    backoff: { type: "exponential", delay: 1_000 },
    // Results live in the execution cache; finished jobs only need to outlive their scoring.
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
}

/** Who executed a chunk, as recorded in the job's return value. */
export function executorTag(): string {
  return `${os.hostname()}/${process.pid}`;
}
