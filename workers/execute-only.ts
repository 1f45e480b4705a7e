import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { executorTag } from "@/lib/execution/execute-queue";
import { createSandbox } from "@/lib/sandbox";
import { startExecuteWorker } from "./execute-worker";

// A process that only executes chunks from the execution queue: for machines that add
// sandbox capacity without scoring (and for tests that kill executors). Run it with
// `node --import tsx workers/execute-only.ts` and the same DATABASE_URL, REDIS_URL and queue
// prefix as the other workers.
async function main(): Promise<void> {
  const config = getConfig();
  const sandbox = await createSandbox({ backend: config.EXECBOARD_SANDBOX_BACKEND });
  const worker = startExecuteWorker(sandbox);
  console.log(`[execute-only] ready as ${executorTag()}: sandbox ${sandbox.backend} (${sandbox.isolation}), ${config.EXECBOARD_EXECUTE_CONCURRENCY} slots`);
  const stop = async () => {
    await worker.close();
    await sandbox.close();
    await disconnectDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((e) => {
  console.error("[execute-only] fatal", e);
  process.exit(1);
});
