import crypto from "node:crypto";
import { Queue } from "bullmq";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createRedis } from "@/lib/queue/connection";
import { jobs, QUEUE_NAME } from "@/lib/queue/jobs";

// After re-scores, a version's cross-submission statistics (paired comparisons, difficulty, tie
// groups: lib/leaderboard) describe old rankings. Once no re-score of a published submission of
// the version is still pending or running, their recomputation is queued, keyed by the published
// set AND each member's current evaluation, so the same results are never recomputed twice
// while new results always are (two re-scores finishing together queue one job).
export async function refreshVersionStatistics(versionId: number): Promise<void> {
  try {
    const active = await db().evaluation.count({
      where: { trigger: "rescore", status: { in: ["pending", "running"] }, submission: { versionId, status: "published" } },
    });
    if (active > 0) return;
    const published = await db().submission.findMany({ where: { versionId, status: "published" }, select: { id: true, currentEvaluationId: true }, orderBy: { id: "asc" } });
    const setKey = crypto.createHash("sha256").update(published.map((p) => `${p.id}:${p.currentEvaluationId ?? ""}`).join(",")).digest("hex").slice(0, 16);
    const def = jobs.recomputeVersionAnalysis;
    const data = def.schema.parse({ versionId, setKey });
    const connection = createRedis("queue");
    const queue = new Queue(QUEUE_NAME, { connection, prefix: getConfig().EXECBOARD_QUEUE_PREFIX });
    try {
      await queue.add(def.name, data, { jobId: def.jobId(data), attempts: def.attempts, backoff: { type: "exponential", delay: 2_000 }, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  } catch (e) {
    // The new results stand; the statistics then report themselves stale until the next change.
    console.error(`[rescore] could not queue the statistics recomputation of version ${versionId}: ${(e as Error).message}`);
  }
}
