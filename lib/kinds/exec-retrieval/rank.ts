import fs from "node:fs/promises";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import type { ValidatedRanking } from "@/lib/rankings/ranking-format";
import { validateRankingFile } from "@/lib/rankings/validate-ranking";
import { cutOffGroup, TIE_GROUP_CAP, TOP_K } from "@/lib/metrics/cut-off";
import { refuseDegenerateRows } from "@/lib/retrieval/degenerate-rows";
import { rankRows } from "@/lib/retrieval/rank";
import { readSubmissionRows, type SubmissionRows } from "@/lib/retrieval/submission-rows";
import { withStoredFile } from "@/lib/storage/file-store";
import { hashFile } from "@/lib/storage/hash-file";
import type { ScoringContext } from "@/lib/analysis/version-context";


/**
 * Per query (in context order): the ranked list the metrics read, as corpus row indices: the
 * top k in rank order, then every snippet tied exactly with the k-th (ascending row).
 */
export type RankedTop = Int32Array[];

export type ValidatedUpload = { kind: "embeddings"; rows: SubmissionRows } | { kind: "ranking"; ranking: ValidatedRanking };

/**
 * Per query: the ranked list (the top k, then every snippet tied with the k-th) with scores, and
 * the scores of the query's own snippets that have one.
 */
export interface QueryRanking {
  top: Int32Array;
  scores: Float64Array;
  watchedRows: number[];
  watchedScores: number[];
}

// Validating: the stored upload must still be byte for byte the file validated on arrival
// (its SHA-256, hashed streaming from disk), and is parsed again. Embeddings are streamed from
// the file straight into one typed array per matrix, in benchmark row order, so a job holds the
// matrices once and never the file (a multi-GiB upload included; see read-submission-matrices.ts).
export async function validateUpload(storageKey: string, acceptedSha256: string, submissionType: string, ctx: ScoringContext): Promise<ValidatedUpload> {
  return withStoredFile(storageKey, async (path) => {
    const { sha256 } = await hashFile(path);
    if (sha256 !== acceptedSha256) {
      throw new AppError("INVALID_UPLOAD", "the stored upload no longer matches the file that was accepted (SHA-256 differs); submit it again", { reason: "stored-file-changed" });
    }
    const expected = { queryIds: ctx.queries.map((q) => q.queryId), corpusIds: ctx.corpus.map((c) => c.corpusId) };
    if (submissionType === "ranking") return { kind: "ranking", ranking: validateRankingFile(await fs.readFile(path), expected) };
    return { kind: "embeddings", rows: await readSubmissionRows(path, expected, { maxBytes: getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES }) };
  });
}

function refuseLargeTie(queryId: string, size: number, score: number): never {
  throw new AppError(
    "INVALID_UPLOAD",
    `query ${queryId}: ${size} corpus snippets share exactly the score ${score} across the top-${TOP_K} cut-off; ` +
      `tie groups of at most ${TIE_GROUP_CAP} are executed. Scores that cannot tell snippets apart cannot be ranked: check that each snippet gets its own embedding`,
    { reason: "tie-group-too-large", queryId, tieGroupSize: size, score, limit: TIE_GROUP_CAP },
  );
}

/** Members of the top list tied with its last (k-th) entry. */
function tiedWithLast(scores: Float64Array): number {
  let n = 0;
  for (let i = scores.length - 1; i >= 0 && scores[i] === scores[scores.length - 1]; i--) n++;
  return n;
}

// Embeddings: the full corpus ranked exactly for every query, with every own snippet's score
// and every snippet tied with the k-th.
function rankEmbeddings(ctx: ScoringContext, rows: SubmissionRows, similarity: "cosine" | "dot"): QueryRanking[] {
  refuseDegenerateRows(rows.queries, rows.corpus);
  const ranked = rankRows({ queries: rows.queries, corpus: rows.corpus, similarity, k: TOP_K, watch: ctx.queries.map((q) => q.own), tieCap: TIE_GROUP_CAP });
  return ctx.queries.map((q, qi) => {
    const top = ranked.top[qi], scores = ranked.scores[qi], tied = ranked.tied[qi];
    if (ranked.tiedTotal[qi] > 0) {
      const size = tiedWithLast(scores) + ranked.tiedTotal[qi];
      if (size > TIE_GROUP_CAP) refuseLargeTie(q.queryId, size, scores[scores.length - 1]);
    }
    const list = new Int32Array(top.length + tied.length);
    list.set(top);
    list.set(tied, top.length);
    const listScores = new Float64Array(list.length).fill(scores[scores.length - 1]);
    listScores.set(scores);
    return { top: list, scores: listScores, watchedRows: q.own, watchedScores: Array.from(ranked.watched[qi]) };
  });
}

// A ranking file: its own order, read through the end of the tie group at rank k (equal scores
// are ties, whatever their order in the file); an own snippet it did not list has no score
// (never guessed).
function readRanking(ctx: ScoringContext, r: ValidatedRanking): QueryRanking[] {
  const C = ctx.corpus.length;
  return ctx.queries.map((q, qi) => {
    const rows = r.rows[qi], scores = r.scores[qi];
    // Validated on upload already (lib/rankings/validate-ranking.ts); checked again here.
    const group = cutOffGroup(scores);
    const end = group?.end ?? 0;
    if (group) {
      if (group.end - group.first > TIE_GROUP_CAP) refuseLargeTie(q.queryId, group.end - group.first, group.score);
      // The group reaches the end of a list shorter than the corpus: its other members are unknown.
      if (group.end === rows.length && rows.length < C) {
        throw new AppError(
          "INVALID_UPLOAD",
          `query ${q.queryId}: the snippets tied at rank ${TOP_K} (score ${group.score}) continue to the end of its list of ${rows.length}; ` +
            `list every snippet with that score, or give distinct scores to rank them`,
          { reason: "tie-group-cut-off", queryId: q.queryId, score: group.score, depth: rows.length },
        );
      }
    }
    const position = new Map<number, number>();
    rows.forEach((row, i) => position.set(row, i));
    const watchedRows = q.own.filter((row) => position.has(row));
    return {
      top: rows.slice(0, end),
      scores: scores.slice(0, end),
      watchedRows,
      watchedScores: watchedRows.map((row) => scores[position.get(row)!]),
    };
  });
}

/** The ranking of every query, computed (embeddings) or read (a ranking file); nothing stored. */
export function rankUpload(ctx: ScoringContext, upload: ValidatedUpload, similarity: "cosine" | "dot"): QueryRanking[] {
  return upload.kind === "ranking" ? readRanking(ctx, upload.ranking) : rankEmbeddings(ctx, upload.rows, similarity);
}
