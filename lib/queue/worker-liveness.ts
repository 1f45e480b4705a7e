import { getQueue } from "./enqueue";
import { EXECUTE_QUEUE_NAME, QUEUE_NAME } from "./jobs";

export interface WorkerLiveness {
  /** Worker processes connected to the scoring queue now. */
  scoring: number;
  /** Execution consumers connected to the execution queue now. */
  executing: number;
}

const TIMEOUT_MS = 500;

// How many workers are alive, as Redis sees their connections (BullMQ names each worker's
// connection after its queue): a worker killed outright drops its connection and is gone from
// the count at once. Null when Redis does not answer in time.
export async function workerLiveness(): Promise<WorkerLiveness | null> {
  const count = Promise.all([getQueue(QUEUE_NAME).getWorkersCount(), getQueue(EXECUTE_QUEUE_NAME).getWorkersCount()]);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), TIMEOUT_MS).unref());
  try {
    const result = await Promise.race([count, timeout]);
    return result ? { scoring: result[0], executing: result[1] } : null;
  } catch {
    return null;
  }
}

/** What a reader of the health answer or a status page should be told, or null when all is well. */
export function livenessWarning(l: WorkerLiveness | null): string | null {
  if (l === null) return "the job queue (Redis) does not answer: submissions cannot be queued or scored until it does";
  if (l.scoring === 0) return "no worker is running: submissions wait in the queue until one starts (npx execboard worker)";
  return null;
}
