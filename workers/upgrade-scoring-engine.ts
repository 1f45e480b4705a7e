import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { requestEngineUpgradeRescores } from "@/lib/rescore/request-engine-upgrade";
import { handler } from "./job-handler";

// upgrade-scoring-engine: a thin call into lib/rescore. Retried on failure (the database may be
// restarting); re-scores already under way are skipped, so a retry queues nothing twice.
export const upgradeScoringEngineHandler = handler({
  def: jobs.upgradeScoringEngine,
  async run({ engineVersion }) {
    if (engineVersion !== ANALYSIS_ENGINE_VERSION) return `skipped: this worker runs scoring engine ${ANALYSIS_ENGINE_VERSION}`;
    const queued = await requestEngineUpgradeRescores();
    return `${queued} published submission(s) queued for re-scoring with scoring engine ${ANALYSIS_ENGINE_VERSION}`;
  },
});

/** Queued by every worker at start; one job per engine version. */
export async function enqueueScoringEngineUpgrade(): Promise<void> {
  await enqueue(jobs.upgradeScoringEngine, { engineVersion: ANALYSIS_ENGINE_VERSION });
}
