import { db } from "@/lib/db/client";
import { validateSubmissionNpz, type ValidatedSubmission } from "@/lib/embeddings/validate-submission";
import { kindOfStorageKey } from "@/lib/rankings/detect-kind";
import type { ValidatedRanking } from "@/lib/rankings/ranking-format";
import { validateRankingFile } from "@/lib/rankings/validate-ranking";
import { rankCorpus } from "@/lib/retrieval/rank";
import { getFile } from "@/lib/storage/file-store";
import type { ScoringContext } from "./load-scoring-context";

export const TOP_K = 10;

/** Per query (in context order): top-k corpus row indices, in rank order. */
export type RankedTop = Int32Array[];

export type ValidatedUpload = { kind: "embeddings"; matrices: ValidatedSubmission } | { kind: "ranking"; ranking: ValidatedRanking };

/** Per query: the top-k with scores, and the scores of the query's own snippets that have one. */
interface QueryRanking {
  top: Int32Array;
  scores: Float64Array;
  watchedRows: number[];
  watchedScores: number[];
}

// Validating: re-checks the stored upload (it was checked on arrival; the file could have
// been damaged since). The storage key's extension says which kind it is.
export async function validateUpload(storageKey: string, ctx: ScoringContext): Promise<ValidatedUpload> {
  const file = await getFile(storageKey);
  const expected = { queryIds: ctx.queries.map((q) => q.queryId), corpusIds: ctx.corpus.map((c) => c.corpusId) };
  return kindOfStorageKey(storageKey) === "ranking"
    ? { kind: "ranking", ranking: validateRankingFile(file, expected) }
    : { kind: "embeddings", matrices: validateSubmissionNpz(file, expected) };
}

// Embeddings: the full corpus ranked exactly for every query, with every own snippet's score.
function rankEmbeddings(ctx: ScoringContext, m: ValidatedSubmission, similarity: "cosine" | "dot"): QueryRanking[] {
  const ranked = rankCorpus({ queries: m.queries, corpus: m.corpus, dims: m.dims, similarity, k: TOP_K, watch: ctx.queries.map((q) => q.own) });
  return ctx.queries.map((q, qi) => ({ top: ranked.top[qi], scores: ranked.scores[qi], watchedRows: q.own, watchedScores: Array.from(ranked.watched[qi]) }));
}

// A ranking file: its own order; an own snippet it did not list has no score (never guessed).
function readRanking(ctx: ScoringContext, r: ValidatedRanking): QueryRanking[] {
  return ctx.queries.map((q, qi) => {
    const rows = r.rows[qi], scores = r.scores[qi];
    const position = new Map<number, number>();
    rows.forEach((row, i) => position.set(row, i));
    const watchedRows = q.own.filter((row) => position.has(row));
    return {
      top: rows.slice(0, TOP_K),
      scores: scores.slice(0, TOP_K),
      watchedRows,
      watchedScores: watchedRows.map((row) => scores[position.get(row)!]),
    };
  });
}

// Ranking: replaces the submission's rankings in one transaction.
export async function rankAndStore(submissionId: string, ctx: ScoringContext, upload: ValidatedUpload, similarity: "cosine" | "dot"): Promise<RankedTop> {
  const ranked = upload.kind === "ranking" ? readRanking(ctx, upload.ranking) : rankEmbeddings(ctx, upload.matrices, similarity);
  await db().$transaction([
    db().ranking.deleteMany({ where: { submissionId } }),
    db().ranking.createMany({
      data: ctx.queries.map((q, qi) => ({
        submissionId,
        queryDbId: q.dbId,
        topCorpusIds: Array.from(ranked[qi].top, (ci) => ctx.corpus[ci].dbId),
        topScores: Array.from(ranked[qi].scores),
        watchedCorpusIds: ranked[qi].watchedRows.map((ci) => ctx.corpus[ci].dbId),
        watchedScores: ranked[qi].watchedScores,
        passes: [],
      })),
    }),
  ]);
  return ranked.map((r) => r.top);
}
