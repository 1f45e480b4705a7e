// Rebuilds a submission's evidence from its stored Ranking rows (top-k corpus ids, watched own
// snippets with scores, pass vectors), mapping database ids to benchmark rows.
import { db } from "@/lib/db/client";
import type { QueryEvidence, SubmissionEvidence } from "./evidence";

export interface RowIds {
  queries: readonly { dbId: number }[];
  corpus: readonly { dbId: number }[];
}

export interface StoredRanking {
  queryDbId: number;
  topCorpusIds: number[];
  watchedCorpusIds: number[];
  watchedScores: number[];
  passes: boolean[];
}

export function evidenceFromRankings(ids: RowIds, rankings: readonly StoredRanking[]): SubmissionEvidence {
  const rowOf = new Map(ids.corpus.map((c, row) => [c.dbId, row]));
  const byQuery = new Map(rankings.map((r) => [r.queryDbId, r]));
  const row = (dbId: number) => {
    const r = rowOf.get(dbId);
    if (r === undefined) throw new Error(`ranking names corpus item ${dbId}, which is not in this benchmark version`);
    return r;
  };
  return ids.queries.map((q): QueryEvidence => {
    const r = byQuery.get(q.dbId);
    if (!r) throw new Error(`no stored ranking for query ${q.dbId}`);
    return {
      top: r.topCorpusIds.map(row),
      passes: r.passes,
      ownScores: new Map(r.watchedCorpusIds.map((id, i) => [row(id), r.watchedScores[i]])),
    };
  });
}

export async function loadStoredRankings(submissionId: string): Promise<StoredRanking[]> {
  return db().ranking.findMany({
    where: { submissionId },
    select: { queryDbId: true, topCorpusIds: true, watchedCorpusIds: true, watchedScores: true, passes: true },
  });
}
