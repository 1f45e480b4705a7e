import { UnrecoverableError, type Job } from "bullmq";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { getQueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { requestEngineUpgradeRescores } from "@/lib/rescore/request-engine-upgrade";

// upgrade-scoring-engine: a thin call into lib/rescore. Retried on failure (the database may be
// restarting); re-scores already under way are skipped, so a retry queues nothing twice.
export async function processUpgradeScoringEngine(job: Job): Promise<string> {
  const parsed = jobs.upgradeScoringEngine.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
  if (parsed.data.engineVersion !== ANALYSIS_ENGINE_VERSION) return `skipped: this worker runs scoring engine ${ANALYSIS_ENGINE_VERSION}`;
  const queued = await requestEngineUpgradeRescores();
  return `${queued} published submission(s) queued for re-scoring with scoring engine ${ANALYSIS_ENGINE_VERSION}`;
}

/** Queued by every worker at start; one job per engine version. */
export async function enqueueScoringEngineUpgrade(): Promise<void> {
  const def = jobs.upgradeScoringEngine;
  const data = def.schema.parse({ engineVersion: ANALYSIS_ENGINE_VERSION });
  await getQueue().add(def.name, data, {
    jobId: def.jobId(data),
    attempts: def.attempts,
    backoff: { type: "exponential", delay: 5_000 },
    removeOnComplete: { age: 30 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  });
}
