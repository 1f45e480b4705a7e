import type { ExecutePairsPayload } from "@/lib/queue/jobs";
import { RUNNER_VERSION, type Sandbox } from "@/lib/sandbox/types";
import { executorTag } from "./execute-queue";
import { runPairsCached } from "./run-cached";

export interface ChunkReport {
  executor: string;
  /** Pairs this executor ran. */
  executed: number;
  /** Pairs already in the execution cache (run by someone else, or before a crash). */
  cached: number;
}

// One chunk of a fanned-out execution, run through the execution cache: whatever an earlier,
// interrupted attempt already recorded is skipped, and every result is recorded as it comes.
export async function executeChunk(payload: ExecutePairsPayload, sandbox: Sandbox): Promise<ChunkReport> {
  if (payload.runnerVersion !== RUNNER_VERSION) {
    // Results are cached per runner version; this worker's would not be the ones awaited.
    throw new Error(`chunk wants runner version ${payload.runnerVersion}, this worker has ${RUNNER_VERSION}`);
  }
  const verdicts = await runPairsCached(payload.pairs, { sandbox, timeoutMs: payload.timeoutMs });
  let cached = 0;
  for (const v of verdicts.values()) if (v.cached) cached++;
  return { executor: executorTag(), executed: verdicts.size - cached, cached };
}
