// Everything the model page shows about one submission, for a viewer who may see it: the
// submission, its stored analyses, the per-query rows and the Figure 4 histograms. NOT_FOUND
// (from getSubmission) when the viewer may not see it.
import type { SubmissionAnalysis } from "@/lib/analysis/analyze-submission";
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
  kind: "embeddings" | "ranking";
  /** null until the analyses are computed (at scoring). */
  analysis: Omit<SubmissionAnalysis, "perQuery"> | null;
  computedAt: string | null;
  queries: ModelQueryRow[];
  /** Figure 4, right: per-query canonical minus best distractor. counts[0] = queries. */
  gapBins: Bin[];
  /** Figure 4, left: canonical (counts[0]) and best distractor (counts[1]) scores. */
  scoreBins: Bin[];
}

export async function getModelPage(id: string, viewer: Principal | null): Promise<ModelPageData> {
  const submission = await getSubmission(id, viewer); // NOT_FOUND unless the viewer may see it
  // The stored analysis, read once here (getSubmissionAnalysis would check visibility again),
  // as JSON text: several hundred kilobytes parse faster with JSON.parse than through the ORM.
  const [row] = await db().$queryRaw<{ kind: "embeddings" | "ranking"; computed_at: Date | null; payload: string | null }[]>`
    SELECT s.kind::text AS kind, a.computed_at, a.payload::text AS payload
    FROM submissions s LEFT JOIN submission_analyses a ON a.submission_id = s.id WHERE s.id = ${id}::uuid`;
  const payload = row?.payload ? (JSON.parse(row.payload) as SubmissionAnalysis) : null;
  const { perQuery = [], ...analysis } = payload ?? {};
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
  const r = submission.review;
  return {
    submission,
    review: { verified: r.verified, warningNote: r.warningNote?.trim() || null, reason: r.reason?.trim() || null },
    kind: row?.kind ?? "embeddings",
    analysis: payload ? (analysis as Omit<SubmissionAnalysis, "perQuery">) : null,
    computedAt: row?.computed_at?.toISOString() ?? null,
    queries: toModelQueryRows(perQuery, names, bugTypes),
    gapBins: histogram([scored.map((g) => g.gap)], 40),
    scoreBins: histogram([scored.map((g) => g.canonical), scored.map((g) => g.bestDistractor)], 30),
  };
}
