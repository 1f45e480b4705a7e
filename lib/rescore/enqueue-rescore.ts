import { getQueue } from "@/lib/queue/enqueue";
import { jobs, type RescoreSubmissionPayload } from "@/lib/queue/jobs";

// Queues the re-score of one evaluation; its id names the job, so queueing twice is a no-op.
export async function enqueueRescore(payload: RescoreSubmissionPayload): Promise<void> {
  const def = jobs.rescoreSubmission;
  const data = def.schema.parse(payload);
  await getQueue().add(def.name, data, {
    jobId: def.jobId(data),
    attempts: def.attempts,
    backoff: { type: "exponential", delay: 2_000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  });
}
