import type { Tx } from "@/lib/db/client";
import { requestVersionRecompute } from "@/lib/leaderboard/request-recompute";

// A published submission leaving the leaderboard (hidden, rejected, re-run) takes its paired
// comparisons with it at once, in the same transaction; the version's statistics are then
// recomputed for the remaining published set (refreshStatistics, after the commit).
export async function dropPairwiseRows(tx: Tx, submissionId: string): Promise<void> {
  await tx.pairwiseComparison.deleteMany({ where: { OR: [{ submissionA: submissionId }, { submissionB: submissionId }] } });
}

// The change stands even if the queue is down: the statistics then report themselves stale
// until the next publication queues a recomputation (as in publishSubmission).
export async function refreshStatistics(versionId: number): Promise<void> {
  try {
    await requestVersionRecompute(versionId);
  } catch (e) {
    console.error(`[review] could not queue the statistics recomputation of version ${versionId}: ${(e as Error).message}`);
  }
}
