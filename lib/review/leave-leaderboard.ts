import type { Tx } from "@/lib/db/client";
import { kindOfVersion } from "@/lib/kinds/registry";

// A published submission leaving the leaderboard (hidden, rejected, re-run) takes its paired
// comparisons with it at once, in the same transaction; the version's statistics are then
// recomputed for the remaining published set (refreshStatistics, after the commit).
export async function dropPairwiseRows(tx: Tx, submissionId: string): Promise<void> {
  await tx.pairwiseComparison.deleteMany({ where: { OR: [{ submissionA: submissionId }, { submissionB: submissionId }] } });
}

// After the published set (or a member's results) changed: the benchmark kind recomputes the
// version's cross-submission statistics. The change stands even if the queue is down: the
// statistics then report themselves stale until the next change queues a recomputation.
export async function refreshStatistics(versionId: number): Promise<void> {
  try {
    await (await kindOfVersion(versionId)).requestVersionStatistics(versionId);
  } catch (e) {
    console.error(`[review] could not queue the statistics recomputation of version ${versionId}: ${(e as Error).message}`);
  }
}
