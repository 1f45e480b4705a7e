// The files a vendor may submit to an execution-grounded benchmark: embedding matrices (.npz,
// DESIGN.md's submission contract) and ranking files (JSON lines, lib/rankings). Each is checked
// whole against the benchmark version before intake stores anything; an .npz on disk (a
// resumable upload) is validated streaming from disk, never loaded whole.
import { getVersionIds } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import { validateSubmissionBytes, validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { MAX_DIMS } from "@/lib/embeddings/validate-submission";
import { AppError } from "@/lib/errors/app-error";
import { checkRankingUpload } from "@/lib/rankings/check-ranking-upload";
import { checkRankingSize } from "@/lib/rankings/validate-ranking";
import { looksLikeRankingFile } from "@/lib/rankings/detect-kind";
import type { SubmissionMetadata } from "@/lib/submissions/metadata";
import type { CheckedUpload, IntakeFile, SubmissionType } from "../kind";

function checkDimensions(metadata: SubmissionMetadata, dims: number): void {
  if (metadata.dimensions !== undefined && metadata.dimensions !== dims) {
    throw new AppError("INVALID_UPLOAD", `metadata.dimensions is ${metadata.dimensions} but the matrices have ${dims} columns`);
  }
}

/** The most the four arrays can hold for a benchmark of q queries and c snippets: float64 rows at the largest dimension, ids of up to 1 KiB, headers. */
export function arrayBudget(q: number, c: number): number {
  return (q + c) * (MAX_DIMS * 8 + 1024) + 64 * 1024;
}

export const embeddingsType: SubmissionType = {
  id: "embeddings",
  extension: "npz",
  description: "an .npz of embedding matrices",
  // The catch-all: anything that is not a ranking file gets the .npz checks and their messages.
  sniff: () => true,
  maxBytes: (via) => (via === "request" ? getConfig().EXECBOARD_UPLOAD_MAX_BYTES : getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES),
  async check(file: IntakeFile, versionId: number, metadata: SubmissionMetadata): Promise<CheckedUpload> {
    const ids = await getVersionIds(versionId);
    const expected = { queryIds: ids.queryIds, corpusIds: ids.corpusIds };
    // The inflated arrays may be as large as the file may be, for the way it came, and never
    // more than this benchmark's rows can need: a small hostile archive that inflates to
    // hundreds of MiB is refused by its declared sizes, before any of it is inflated.
    const budget = { maxBytes: Math.min(embeddingsType.maxBytes(file.via), arrayBudget(expected.queryIds.length, expected.corpusIds.length)) };
    const checked = file.buffer ? await validateSubmissionBytes(file.buffer, expected, budget) : await validateSubmissionFile(file.path!, expected, budget);
    checkDimensions(metadata, checked.dims);
    return { dims: checked.dims, dtype: checked.dtype, summary: `${checked.queryCount} queries × ${checked.corpusCount} corpus rows, d=${checked.dims}, ${checked.dtype}` };
  },
};

export const rankingType: SubmissionType = {
  id: "ranking",
  extension: "jsonl",
  description: "a ranking file (JSON lines)",
  sniff: looksLikeRankingFile,
  // Ranking files are parsed in memory; they are small (a few MiB for any benchmark).
  maxBytes: () => getConfig().EXECBOARD_UPLOAD_MAX_BYTES,
  async check(file: IntakeFile, versionId: number, metadata: SubmissionMetadata): Promise<CheckedUpload> {
    const limit = rankingType.maxBytes("upload");
    if (file.bytes > limit) throw new AppError("PAYLOAD_TOO_LARGE", `a ranking file may be at most ${limit} bytes; this one is ${file.bytes}`);
    const ids = await getVersionIds(versionId);
    const expected = { queryIds: ids.queryIds, corpusIds: ids.corpusIds };
    checkRankingSize(file.bytes, expected, { maxBytes: limit }); // before the file is read into memory
    const r = checkRankingUpload(await file.readAll(), expected, metadata, { maxBytes: limit });
    return { dims: 0, dtype: "ranking", summary: r.summary };
  },
};

/** Ranking first: the .npz type claims every file the ranking type does not. */
export const EXEC_RETRIEVAL_SUBMISSION_TYPES: readonly SubmissionType[] = [rankingType, embeddingsType];
