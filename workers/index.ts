import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { QUEUE_NAME } from "@/lib/queue/jobs";
import { createSandbox } from "@/lib/sandbox";
import { assertSameStorage } from "@/lib/storage/storage-identity";
import { startExecuteWorker } from "./execute-worker";
import { startQueueWorker } from "./queue-worker";
import { startReaper } from "./reaper";
import { MAIN_HANDLERS } from "./registry";
import { enqueueScoringEngineUpgrades } from "./upgrade-scoring-engine";

// The worker process: one BullMQ worker dispatching through the job registry
// (workers/registry.ts), one sandbox pool, clean shutdown on SIGTERM/SIGINT (finish or hand back
// the current job, then close everything).
async function main(): Promise<void> {
  const config = getConfig();
  // A worker that cannot see the web app's files would fail every submission it takes.
  try {
    console.log(`[worker] storage ${await assertSameStorage()} at ${config.EXECBOARD_DATA_DIR}`);
  } catch (e) {
    console.error(`[worker] refusing to start: ${(e as Error).message}`);
    await disconnectDb();
    process.exit(1);
  }
  const sandbox = await createSandbox({ backend: config.EXECBOARD_SANDBOX_BACKEND });
  console.log(`[worker] sandbox backend: ${sandbox.backend} (isolation: ${sandbox.isolation})`);

  const worker = startQueueWorker(QUEUE_NAME, MAIN_HANDLERS, { sandbox }, { concurrency: config.EXECBOARD_WORKER_CONCURRENCY, label: "scoring queue" });
  worker.on("completed", (job, result) => console.log(`[worker] ${job.name} ${job.id}: ${String(result)}`));
  console.log(`[worker] listening on queue ${QUEUE_NAME} (concurrency ${config.EXECBOARD_WORKER_CONCURRENCY})`);

  const executeWorker = startExecuteWorker(sandbox);
  const stopReaper = startReaper();
  // Published results of an older scoring engine of their kind are re-scored after an upgrade (once).
  enqueueScoringEngineUpgrades().catch((e) => console.error("[worker] could not queue the scoring-engine upgrade", (e as Error).message));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: shutting down`);
    await stopReaper();
    await worker.close();
    await executeWorker.close();
    await closeQueue();
    await sandbox.close();
    await disconnectDb();
    process.exit(0);
  };
  // A stray rejection in background work must not take down the jobs this worker is running;
  // say it loudly and carry on (a job that really failed is retried through BullMQ).
  process.on("unhandledRejection", (e) => console.error("[worker] unhandled rejection:", e));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e) => {
  console.error("[worker] fatal", e);
  process.exit(1);
});
