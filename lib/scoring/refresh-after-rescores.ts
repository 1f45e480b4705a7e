import { db } from "@/lib/db/client";
import { refreshStatistics } from "@/lib/review/leave-leaderboard";

// After re-scores, a version's cross-submission statistics describe old results. Once no
// re-score of a published submission of the version is pending or running, the benchmark kind
// recomputes them (one job for re-scores that finish together: the job's id names each
// member's current evaluation). A failed last re-score queues them too.
export async function refreshAfterRescores(versionId: number): Promise<void> {
  const active = await db().evaluation.count({
    where: { trigger: "rescore", status: { in: ["pending", "running"] }, submission: { versionId, status: "published" } },
  });
  if (active === 0) await refreshStatistics(versionId);
}
