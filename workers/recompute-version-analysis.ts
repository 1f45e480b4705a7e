import { UnrecoverableError, type Job } from "bullmq";
import { recomputeVersionAnalysis } from "@/lib/leaderboard/recompute-version-analysis";
import { jobs } from "@/lib/queue/jobs";

// recompute-version-analysis: a thin call into lib/leaderboard. Safe to retry: the write is one
// transaction and skipped when a newer publication has changed the set meanwhile.
export async function processRecomputeVersionAnalysis(job: Job): Promise<string> {
  const parsed = jobs.recomputeVersionAnalysis.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
  const r = await recomputeVersionAnalysis(parsed.data.versionId);
  return `${r.status}: version ${r.versionId}, ${r.systems} systems, ${r.pairs} pairs, ${r.analysesRefreshed} analyses refreshed`;
}
