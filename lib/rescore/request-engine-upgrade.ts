// After an upgrade of a kind's scoring engine (what its metrics mean: `engine` of lib/kinds), every
// published result of that kind scored by another engine is re-scored with its history kept,
// without waiting for a maintainer: each worker queues one engine-upgrade job per kind at start
// (its id names the kind and engine version, so the job runs once), and the job asks for a
// re-score batch per benchmark of that kind through the same path as `execboard rescore`.
// Other kinds' results are left alone: their engines did not change. Readers keep the old
// results until each new run replaces them; the old run stays in `evaluations`.
import type { BenchmarkKind } from "@/lib/db/generated/enums";
import { db } from "@/lib/db/client";
import { getKind } from "@/lib/kinds/registry";
import { requestRescore } from "./request-rescore";

export const ENGINE_UPGRADE_ACTOR = { userId: null, label: "ExecBoard (scoring engine upgrade)" };

/** The reason a kind's upgrade batch gives: "scoring engine 2: tie-aware metrics (…)". */
export function engineUpgradeReason(kind: BenchmarkKind): string {
  const { engine } = getKind(kind);
  return `scoring engine ${engine.version} of ${getKind(kind).title}: ${engine.change}`;
}

/** Queues the re-score of every published submission of a kind scored by another of its engines; returns how many. */
export async function requestEngineUpgradeRescores(kind: BenchmarkKind): Promise<number> {
  const { engine } = getKind(kind);
  const benchmarks = await db().benchmark.findMany({
    where: {
      kind,
      versions: {
        some: {
          submissions: {
            some: {
              status: "published",
              OR: [{ currentEvaluationId: null }, { currentEvaluation: { OR: [{ scoringEngine: null }, { scoringEngine: { not: engine.version } }] } }],
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
    const batch = await requestRescore(ENGINE_UPGRADE_ACTOR, b.slug, { allPublished: false, dryRun: false, reason: engineUpgradeReason(kind) }, { engineOnly: true });
    queued += batch.items.length;
  }
  return queued;
}
