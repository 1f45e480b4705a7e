import type { Principal } from "@/lib/auth/authenticate";
import { db } from "@/lib/db/client";
import { getSubmission } from "./get-submission";

export interface SubmissionQueryRow {
  queryId: string;
  functionName: string;
  domain: string;
  /** What sits at rank 1: this query's canonical, one of its distractors, or other code. */
  rank1: { role: "canonical" | "distractor" | "other"; bugType: string | null; passes: boolean } | null;
  /** 1-based rank of the query's canonical within the top 10, or null when it is lower. */
  canonicalRank: number | null;
  firstPassingRank: number | null;
}

// Per-query outcomes of one submission, for the model page's query table. Visibility follows
// getSubmission (owner, maintainers, or anyone once published).
export async function listSubmissionQueries(submissionId: string, viewer: Principal | null): Promise<SubmissionQueryRow[]> {
  await getSubmission(submissionId, viewer);
  const rankings = await db().ranking.findMany({
    where: { submissionId },
    select: {
      topCorpusIds: true,
      passes: true,
      query: { select: { queryId: true, functionName: true, domain: true, position: true, correctCorpusIds: true } },
    },
    orderBy: { query: { position: "asc" } },
  });
  const allTopIds = [...new Set(rankings.flatMap((r) => r.topCorpusIds))];
  const items = await db().corpusItem.findMany({
    where: { id: { in: allTopIds } },
    select: { id: true, corpusId: true, queryId: true, role: true, bugType: true },
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  return rankings.map((r) => {
    const first = byId.get(r.topCorpusIds[0]);
    const canonicalIndex = r.topCorpusIds.findIndex((id) => r.query.correctCorpusIds.includes(byId.get(id)?.corpusId ?? ""));
    const firstPass = r.passes.indexOf(true);
    return {
      queryId: r.query.queryId,
      functionName: r.query.functionName,
      domain: r.query.domain,
      rank1: first
        ? {
            role: first.queryId === r.query.queryId ? first.role : "other",
            bugType: first.queryId === r.query.queryId ? first.bugType : null,
            passes: r.passes[0] ?? false,
          }
        : null,
      canonicalRank: canonicalIndex >= 0 ? canonicalIndex + 1 : null,
      firstPassingRank: firstPass >= 0 ? firstPass + 1 : null,
    };
  });
}
