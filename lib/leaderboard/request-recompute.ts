// Queues the recomputation of a version's cross-submission statistics for its current
// published set (deduplicated by the job id). Publishing happens from short-lived processes
// (the CLI) as well as the web app, so this opens its own queue connection and closes it
// again rather than leaving the shared one open behind a command that should exit.
import { Queue } from "bullmq";
import { getConfig } from "@/lib/config";
import { createRedis } from "@/lib/queue/connection";
import { jobs, QUEUE_NAME } from "@/lib/queue/jobs";
import { listPublishedInOrder, publishedSetKey } from "./list-published";

export async function requestVersionRecompute(versionId: number): Promise<{ jobId: string }> {
  const def = jobs.recomputeVersionAnalysis;
  const ids = (await listPublishedInOrder(versionId)).map((p) => p.submissionId);
  const data = def.schema.parse({ versionId, setKey: publishedSetKey(ids) });
  const jobId = def.jobId(data);
  const connection = createRedis("queue");
  const queue = new Queue(QUEUE_NAME, { connection, prefix: getConfig().EXECBOARD_QUEUE_PREFIX });
  try {
    // A set can come back (hidden, then published again; re-run, then published again): a finished
    // job of that id would make the add below a no-op and leave the statistics stale, so it goes.
    const previous = await queue.getJob(jobId);
    if (previous && ["completed", "failed"].includes(await previous.getState())) await previous.remove();
    await queue.add(def.name, data, {
      jobId,
      attempts: def.attempts,
      backoff: { type: "exponential", delay: 2_000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return { jobId };
}
