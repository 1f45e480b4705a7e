// The upload-time check of a ranking file: validation against the benchmark, plus the
// metadata fields that only make sense for embeddings.
import { AppError } from "@/lib/errors/app-error";
import type { RankingExpectation } from "./ranking-format";
import { validateRankingFile } from "./validate-ranking";

export interface CheckedRankingUpload {
  queryCount: number;
  corpusCount: number;
  minDepth: number;
  maxDepth: number;
  /** One line for the submission's history. */
  summary: string;
}

export function checkRankingUpload(file: Uint8Array, expected: RankingExpectation, metadata: { dimensions?: number }, opts: { maxBytes?: number } = {}): CheckedRankingUpload {
  if (metadata.dimensions !== undefined) {
    throw new AppError("INVALID_UPLOAD", "metadata.dimensions describes embedding matrices; a ranking file has none, leave it out");
  }
  const r = validateRankingFile(file, expected, opts);
  const depth = r.minDepth === r.maxDepth ? `${r.minDepth}` : `${r.minDepth}–${r.maxDepth}`;
  return {
    queryCount: r.queryCount,
    corpusCount: r.corpusCount,
    minDepth: r.minDepth,
    maxDepth: r.maxDepth,
    summary: `ranking of ${r.queryCount} queries, ${depth} of ${r.corpusCount} corpus ids each`,
  };
}
