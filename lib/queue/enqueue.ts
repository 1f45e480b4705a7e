import { Queue } from "bullmq";
import { getConfig } from "@/lib/config";
import { createRedis } from "./connection";
import { jobs, QUEUE_NAME, type ScoreSubmissionPayload } from "./jobs";

const globalForQueue = globalThis as unknown as { execboardQueue?: Queue };

export function getQueue(): Queue {
  if (!globalForQueue.execboardQueue) {
    globalForQueue.execboardQueue = new Queue(QUEUE_NAME, {
      connection: createRedis("queue"),
      prefix: getConfig().EXECBOARD_QUEUE_PREFIX,
    });
  }
  return globalForQueue.execboardQueue;
}

export async function enqueueScoreSubmission(payload: ScoreSubmissionPayload, queue: Queue = getQueue()): Promise<void> {
  const def = jobs.scoreSubmission;
  const data = def.schema.parse(payload);
  await queue.add(def.name, data, {
    jobId: def.jobId(data),
    attempts: def.attempts,
    backoff: { type: "exponential", delay: 2_000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  });
}

export async function closeQueue(): Promise<void> {
  const q = globalForQueue.execboardQueue;
  if (q) {
    globalForQueue.execboardQueue = undefined;
    await q.close();
    await (await q.client).quit().catch(() => undefined);
  }
}
