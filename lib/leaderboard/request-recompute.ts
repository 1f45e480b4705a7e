// Queues the recomputation of a version's cross-submission statistics. The job's id names the
// published set and each member's current evaluation, so a publication or a finished re-score
// queues one job, and the same results are never recomputed twice at once (a finished job of
// the same set is replaced: a set can come back, hidden then published again).
import crypto from "node:crypto";
import { db } from "@/lib/db/client";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";

export async function requestVersionRecompute(versionId: number): Promise<{ jobId: string }> {
  const published = await db().submission.findMany({ where: { versionId, status: "published" }, select: { id: true, currentEvaluationId: true }, orderBy: { id: "asc" } });
  const setKey = crypto.createHash("sha256").update(published.map((p) => `${p.id}:${p.currentEvaluationId ?? ""}`).join(",")).digest("hex").slice(0, 16);
  return { jobId: await enqueue(jobs.recomputeVersionAnalysis, { versionId, setKey }) };
}
