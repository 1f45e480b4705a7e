import { Worker } from "bullmq";
import { getConfig } from "@/lib/config";
import { createRedis } from "@/lib/queue/connection";
import { EXECUTE_QUEUE_NAME } from "@/lib/queue/jobs";
import type { Sandbox } from "@/lib/sandbox/types";
import { onJobFailed, runJob } from "./job-handler";
import { EXECUTE_HANDLERS } from "./registry";

// The execution queue's consumer in a worker process: its own slots, so chunks run even while
// every scoring slot waits for them. A worker that dies mid-chunk loses its lock; another
// takes the chunk over (a chunk may stall twice before it counts as failed).
export function startExecuteWorker(sandbox: Sandbox): Worker {
  const config = getConfig();
  const worker = new Worker(EXECUTE_QUEUE_NAME, runJob(EXECUTE_HANDLERS, { sandbox }), {
    connection: createRedis("worker"),
    prefix: config.EXECBOARD_QUEUE_PREFIX,
    concurrency: config.EXECBOARD_EXECUTE_CONCURRENCY,
    lockDuration: config.EXECBOARD_JOB_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(config.EXECBOARD_JOB_LOCK_MS / 2)),
    maxStalledCount: 2,
  });
  worker.on("failed", (job, err) => {
    console.error(`[worker] execute-pairs ${job?.id} failed: ${err.message}`);
    void onJobFailed(EXECUTE_HANDLERS)(job, err);
  });
  worker.on("error", (err) => console.error("[worker] execute queue error", err.message));
  return worker;
}
