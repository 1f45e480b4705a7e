import { UnrecoverableError, type Job } from "bullmq";
import { executeChunk, type ChunkReport } from "@/lib/execution/execute-chunk";
import { jobs } from "@/lib/queue/jobs";
import type { Sandbox } from "@/lib/sandbox/types";

// execute-pairs: a thin call into lib/execution. Failures are retried by BullMQ; the
// coordinator waiting for the chunk gives up only when the job has failed for good.
export async function processExecutePairs(job: Job, sandbox: Sandbox): Promise<ChunkReport> {
  const parsed = jobs.executePairs.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
  return executeChunk(parsed.data, sandbox);
}
