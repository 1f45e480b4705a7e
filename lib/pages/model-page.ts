// Everything the model page shows about one submission, for a viewer who may see it: the
// submission, its stored analyses, the per-query rows and the Figure 4 histograms. NOT_FOUND
// (from getSubmission) when the viewer may not see it.
import { getSubmissionAnalysis, type SubmissionAnalysisView } from "@/lib/analysis/get-submission-analysis";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { getSubmission, type SubmissionView } from "@/lib/submissions/get-submission";
import { histogram, type Bin } from "./histogram";
import { toModelQueryRows, type ModelQueryRow } from "./model-queries";

export interface ModelReview {
  verified: boolean;
  warningNote: string | null;
  reason: string | null;
}

export interface ModelPageData {
  submission: SubmissionView;
  review: ModelReview;
  kind: SubmissionAnalysisView["kind"];
  analysis: SubmissionAnalysisView["analysis"];
  computedAt: string | null;
  queries: ModelQueryRow[];
  /** Figure 4, right: per-query canonical minus best distractor. counts[0] = queries. */
  gapBins: Bin[];
  /** Figure 4, left: canonical (counts[0]) and best distractor (counts[1]) scores. */
  scoreBins: Bin[];
}

// The review fields arrive with the maintainer flows (lib/review); older views lack them.
function reviewOf(s: SubmissionView): ModelReview {
  const r = (s as SubmissionView & { review?: Partial<ModelReview> }).review;
  return { verified: r?.verified === true, warningNote: r?.warningNote?.trim() || null, reason: r?.reason?.trim() || null };
}

export async function getModelPage(id: string, viewer: Principal | null): Promise<ModelPageData> {
  const [submission, a] = await Promise.all([getSubmission(id, viewer), getSubmissionAnalysis(id, viewer)]);
  const perQuery = a.perQuery ?? [];
  let names = new Map<string, string>(), bugTypes = new Map<string, string | null>();
  if (perQuery.length > 0) {
    const v = await resolveVersion(submission.benchmark.slug, submission.benchmark.version);
    const rank1Ids = [...new Set(perQuery.flatMap((q) => (q.rank1?.kind === "own_distractor" ? [q.rank1.corpusId] : [])))];
    const [queries, items] = await Promise.all([
      db().query.findMany({ where: { versionId: v.id }, select: { queryId: true, functionName: true } }),
      db().corpusItem.findMany({ where: { versionId: v.id, corpusId: { in: rank1Ids } }, select: { corpusId: true, bugType: true } }),
    ]);
    names = new Map(queries.map((q) => [q.queryId, q.functionName]));
    bugTypes = new Map(items.map((i) => [i.corpusId, i.bugType]));
  }
  const scored = perQuery.flatMap((q) => (q.gap.status === "scored" ? [q.gap] : []));
  return {
    submission,
    review: reviewOf(submission),
    kind: a.kind,
    analysis: a.analysis,
    computedAt: a.computedAt,
    queries: toModelQueryRows(perQuery, names, bugTypes),
    gapBins: histogram([scored.map((g) => g.gap)], 40),
    scoreBins: histogram([scored.map((g) => g.canonical), scored.map((g) => g.bestDistractor)], 30),
  };
}
