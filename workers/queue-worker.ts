import { Worker } from "bullmq";
import { getConfig } from "@/lib/config";
import { createRedis } from "@/lib/queue/connection";
import type { QueueName } from "@/lib/queue/jobs";
import { onJobFailed, runJob, type JobHandler, type WorkerContext } from "./job-handler";

// A BullMQ worker on one of the queues, dispatching through the registry under the one failure
// policy (job-handler.ts), with the installation's queue prefix and the job lock every worker
// shares (a job whose worker dies is taken over once its lock lapses).
export function startQueueWorker(
  queue: QueueName,
  handlers: readonly JobHandler[],
  ctx: WorkerContext,
  opts: { concurrency: number; maxStalledCount?: number; label: string },
): Worker {
  const config = getConfig();
  const worker = new Worker(queue, runJob(handlers, ctx), {
    connection: createRedis("worker"),
    prefix: config.EXECBOARD_QUEUE_PREFIX,
    concurrency: opts.concurrency,
    lockDuration: config.EXECBOARD_JOB_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(config.EXECBOARD_JOB_LOCK_MS / 2)),
    ...(opts.maxStalledCount !== undefined ? { maxStalledCount: opts.maxStalledCount } : {}),
  });
  const recordFailure = onJobFailed(handlers);
  worker.on("failed", (job, err) => {
    console.error(`[worker] ${job?.name} ${job?.id} failed: ${err.message}`);
    void recordFailure(job, err);
  });
  worker.on("error", (err) => console.error(`[worker] ${opts.label} error`, err.message));
  return worker;
}
