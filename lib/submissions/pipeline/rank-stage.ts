import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { kindOfStorageKey } from "@/lib/rankings/detect-kind";
import type { ValidatedRanking } from "@/lib/rankings/ranking-format";
import { validateRankingFile } from "@/lib/rankings/validate-ranking";
import { rankRows } from "@/lib/retrieval/rank";
import { readSubmissionRows, type SubmissionRows } from "@/lib/retrieval/submission-rows";
import { filePath, getFile } from "@/lib/storage/file-store";
import { hashFile } from "@/lib/uploads/hash-file";
import type { ScoringContext } from "./load-scoring-context";

export const TOP_K = 10;

/** Per query (in context order): top-k corpus row indices, in rank order. */
export type RankedTop = Int32Array[];

export type ValidatedUpload = { kind: "embeddings"; rows: SubmissionRows } | { kind: "ranking"; ranking: ValidatedRanking };

/** Per query: the top-k with scores, and the scores of the query's own snippets that have one. */
export interface QueryRanking {
  top: Int32Array;
  scores: Float64Array;
  watchedRows: number[];
  watchedScores: number[];
}

// Validating: the stored upload must still be byte for byte the file validated on arrival
// (its SHA-256, hashed streaming from disk), and is parsed again. Embeddings are streamed from
// the file straight into one typed array per matrix, in benchmark row order, so a job holds the
// matrices once and never the file (a multi-GiB upload included; see read-submission-file.ts).
// The key's extension gives the kind.
export async function validateUpload(storageKey: string, ctx: ScoringContext): Promise<ValidatedUpload> {
  const path = filePath(storageKey);
  const { sha256 } = await hashFile(path);
  const sub = await db().submission.findFirst({ where: { storageKey }, select: { fileSha256: true } });
  if (sub && sha256 !== sub.fileSha256) {
    throw new AppError("INVALID_UPLOAD", "the stored upload no longer matches the file that was accepted (SHA-256 differs); submit it again");
  }
  const expected = { queryIds: ctx.queries.map((q) => q.queryId), corpusIds: ctx.corpus.map((c) => c.corpusId) };
  if (kindOfStorageKey(storageKey) === "ranking") return { kind: "ranking", ranking: validateRankingFile(await getFile(storageKey), expected) };
  return { kind: "embeddings", rows: await readSubmissionRows(path, expected, { maxBytes: getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES }) };
}

// Embeddings: the full corpus ranked exactly for every query, with every own snippet's score.
function rankEmbeddings(ctx: ScoringContext, rows: SubmissionRows, similarity: "cosine" | "dot"): QueryRanking[] {
  const ranked = rankRows({ queries: rows.queries, corpus: rows.corpus, similarity, k: TOP_K, watch: ctx.queries.map((q) => q.own) });
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

/** The ranking of every query, computed (embeddings) or read (a ranking file); nothing stored. */
export function rankUpload(ctx: ScoringContext, upload: ValidatedUpload, similarity: "cosine" | "dot"): QueryRanking[] {
  return upload.kind === "ranking" ? readRanking(ctx, upload.ranking) : rankEmbeddings(ctx, upload.rows, similarity);
}

// Ranking: replaces the submission's rankings in one transaction.
export async function rankAndStore(submissionId: string, ctx: ScoringContext, upload: ValidatedUpload, similarity: "cosine" | "dot"): Promise<RankedTop> {
  const ranked = rankUpload(ctx, upload, similarity);
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
