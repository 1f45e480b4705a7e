import os from "node:os";
import type { Queue } from "bullmq";
import { closeQueue, enqueue, getQueue } from "@/lib/queue/enqueue";
import { EXECUTE_QUEUE_NAME, jobs, type ExecutePairsPayload } from "@/lib/queue/jobs";

// The execution queue: chunks of pairs that any worker process (on any machine) executes
// into the shared execution cache.

export function getExecuteQueue(): Queue {
  return getQueue(EXECUTE_QUEUE_NAME);
}

export const closeExecuteQueue = closeQueue;

export async function enqueueExecutePairs(payload: ExecutePairsPayload): Promise<void> {
  await enqueue(jobs.executePairs, payload);
}

/** Who executed a chunk, as recorded in the job's return value. */
export function executorTag(): string {
  return `${os.hostname()}/${process.pid}`;
}
