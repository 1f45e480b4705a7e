import { allKinds, getKind } from "@/lib/kinds/registry";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { requestEngineUpgradeRescores } from "@/lib/rescore/request-engine-upgrade";
import { handler } from "./job-handler";

// upgrade-scoring-engine: a thin call into lib/rescore, for one kind of benchmark. Retried on
// failure (the database may be restarting); re-scores already under way are skipped, so a retry
// queues nothing twice.
export const upgradeScoringEngineHandler = handler({
  def: jobs.upgradeScoringEngine,
  async run({ kind, engineVersion }) {
    const { engine, title } = getKind(kind);
    if (engineVersion !== engine.version) return `skipped: this worker runs scoring engine ${engine.version} of ${title}`;
    const queued = await requestEngineUpgradeRescores(kind);
    return `${queued} published submission(s) of ${title} queued for re-scoring with scoring engine ${engine.version}`;
  },
});

/** Queued by every worker at start: one job per kind and engine version. */
export async function enqueueScoringEngineUpgrades(): Promise<void> {
  for (const kind of allKinds()) await enqueue(jobs.upgradeScoringEngine, { kind: kind.id, engineVersion: kind.engine.version });
}
