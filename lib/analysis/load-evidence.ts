// Rebuilds a submission's evidence from its stored Ranking rows (the ranked list's corpus ids and
// scores, watched own snippets with scores, pass vectors), mapping database ids to benchmark rows.
import { db } from "@/lib/db/client";
import type { QueryEvidence, SubmissionEvidence } from "./evidence";

export interface RowIds {
  queries: readonly { dbId: number }[];
  corpus: readonly { dbId: number }[];
}

export interface StoredRanking {
  queryDbId: number;
  topCorpusIds: number[];
  topScores: number[];
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
      scores: r.topScores,
      passes: r.passes,
      ownScores: new Map(r.watchedCorpusIds.map((id, i) => [row(id), r.watchedScores[i]])),
    };
  });
}

export async function loadStoredRankings(submissionId: string): Promise<StoredRanking[]> {
  return (await loadStoredRankingsOf([submissionId])).get(submissionId) ?? [];
}

/**
 * Stored rankings of several submissions. Thousands of rows with five array columns each are
 * slow through the ORM's row mapping (about a millisecond a row here), so Postgres aggregates
 * them into one JSON text per submission; float8 values print in shortest round-trip form, so
 * the scores come back bit for bit.
 */
export async function loadStoredRankingsOf(submissionIds: readonly string[]): Promise<Map<string, StoredRanking[]>> {
  const out = new Map<string, StoredRanking[]>(submissionIds.map((id) => [id, []]));
  if (submissionIds.length === 0) return out;
  const rows = await db().$queryRaw<{ submission_id: string; data: string }[]>`
    SELECT submission_id::text AS submission_id,
           json_agg(json_build_array(query_db_id, top_corpus_ids, top_scores, watched_corpus_ids, watched_scores, passes))::text AS data
    FROM rankings WHERE submission_id = ANY(${[...submissionIds]}::uuid[]) GROUP BY submission_id`;
  for (const r of rows) {
    const list = JSON.parse(r.data) as [number, number[], number[], number[], number[], boolean[]][];
    out.set(
      r.submission_id,
      list.map(([queryDbId, topCorpusIds, topScores, watchedCorpusIds, watchedScores, passes]) => ({ queryDbId, topCorpusIds, topScores, watchedCorpusIds, watchedScores, passes })),
    );
  }
  return out;
}
