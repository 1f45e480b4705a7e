import { recomputeVersionAnalysis } from "@/lib/leaderboard/recompute-version-analysis";
import { jobs } from "@/lib/queue/jobs";
import { handler } from "./job-handler";

// recompute-version-analysis: a thin call into lib/leaderboard. Safe to retry: the write is one
// transaction and skipped when a newer publication has changed the set meanwhile.
export const recomputeVersionAnalysisHandler = handler({
  def: jobs.recomputeVersionAnalysis,
  async run({ versionId }) {
    const r = await recomputeVersionAnalysis(versionId);
    return `${r.status}: version ${r.versionId}, ${r.systems} systems, ${r.pairs} pairs, ${r.analysesRefreshed} analyses refreshed`;
  },
});
