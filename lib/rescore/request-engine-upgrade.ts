// After an upgrade of the scoring engine (what the metrics mean: lib/analysis
// ANALYSIS_ENGINE_VERSION), every published result of an older engine is re-scored with its
// history kept, without waiting for a maintainer: each worker queues one engine-upgrade job at
// start (its id names the engine version, so the job runs once), and the job asks for a re-score
// batch per benchmark through the same path as `execboard rescore`. Readers keep the old results
// until each new run replaces them; the old run stays in `evaluations`.
import { ANALYSIS_ENGINE_VERSION } from "@/lib/metrics/scoring-engine";
import { db } from "@/lib/db/client";
import { requestRescore } from "./request-rescore";

export const ENGINE_UPGRADE_ACTOR = { userId: null, label: "ExecBoard (scoring engine upgrade)" };

export const ENGINE_UPGRADE_REASON = `scoring engine ${ANALYSIS_ENGINE_VERSION}: tie-aware metrics (exact expectations over the orders of tied snippets)`;

/** Queues the re-score of every published submission scored by another engine; returns how many. */
export async function requestEngineUpgradeRescores(): Promise<number> {
  const benchmarks = await db().benchmark.findMany({
    where: {
      versions: {
        some: {
          submissions: {
            some: {
              status: "published",
              OR: [{ currentEvaluationId: null }, { currentEvaluation: { OR: [{ scoringEngine: null }, { scoringEngine: { not: ANALYSIS_ENGINE_VERSION } }] } }],
            },
          },
        },
      },
    },
    select: { slug: true },
    orderBy: { slug: "asc" },
  });
  let queued = 0;
  for (const b of benchmarks) {
    const batch = await requestRescore(ENGINE_UPGRADE_ACTOR, b.slug, { allPublished: false, dryRun: false, reason: ENGINE_UPGRADE_REASON }, { engineOnly: true });
    queued += batch.items.length;
  }
  return queued;
}
