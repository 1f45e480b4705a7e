import type { Worker } from "bullmq";
import { getConfig } from "@/lib/config";
import { EXECUTE_QUEUE_NAME } from "@/lib/queue/jobs";
import type { Sandbox } from "@/lib/sandbox/types";
import { startQueueWorker } from "./queue-worker";
import { EXECUTE_HANDLERS } from "./registry";

// The execution queue's consumer in a worker process: its own slots, so chunks run even while
// every scoring slot waits for them. A worker that dies mid-chunk loses its lock; another
// takes the chunk over (a chunk may stall twice before it counts as failed).
export function startExecuteWorker(sandbox: Sandbox): Worker {
  return startQueueWorker(EXECUTE_QUEUE_NAME, EXECUTE_HANDLERS, { sandbox }, { concurrency: getConfig().EXECBOARD_EXECUTE_CONCURRENCY, maxStalledCount: 2, label: "execute queue" });
}
