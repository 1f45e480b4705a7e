import { db } from "@/lib/db/client";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { rankCorpus } from "@/lib/retrieval/rank";
import { getFile } from "@/lib/storage/file-store";
import type { ScoringContext } from "./load-scoring-context";

export const TOP_K = 10;

/** Per query (in context order): top-k corpus row indices, in rank order. */
export type RankedTop = Int32Array[];

// Validating + ranking: re-checks the stored upload (it was checked on arrival; the file could
// have been damaged since), ranks the full corpus for every query, and replaces the
// submission's rankings in one transaction.
export async function validateUpload(storageKey: string, ctx: ScoringContext) {
  const file = await getFile(storageKey);
  return validateSubmissionNpz(file, {
    queryIds: ctx.queries.map((q) => q.queryId),
    corpusIds: ctx.corpus.map((c) => c.corpusId),
  });
}

export async function rankAndStore(
  submissionId: string,
  ctx: ScoringContext,
  matrices: Awaited<ReturnType<typeof validateUpload>>,
  similarity: "cosine" | "dot",
): Promise<RankedTop> {
  const ranked = rankCorpus({
    queries: matrices.queries,
    corpus: matrices.corpus,
    dims: matrices.dims,
    similarity,
    k: TOP_K,
    watch: ctx.queries.map((q) => q.own),
  });
  await db().$transaction([
    db().ranking.deleteMany({ where: { submissionId } }),
    db().ranking.createMany({
      data: ctx.queries.map((q, qi) => ({
        submissionId,
        queryDbId: q.dbId,
        topCorpusIds: Array.from(ranked.top[qi], (ci) => ctx.corpus[ci].dbId),
        topScores: Array.from(ranked.scores[qi]),
        watchedCorpusIds: q.own.map((ci) => ctx.corpus[ci].dbId),
        watchedScores: Array.from(ranked.watched[qi]),
        passes: [],
      })),
    }),
  ]);
  return ranked.top;
}
