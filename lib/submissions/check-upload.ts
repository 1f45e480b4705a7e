// The upload-time check of either submission kind against a benchmark version, reduced to
// what the submission row records. Embeddings: the .npz validation, unchanged. Rankings: the
// ranking-file validation (lib/rankings); they have no dimensions (stored as 0).
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { AppError } from "@/lib/errors/app-error";
import { checkRankingUpload } from "@/lib/rankings/check-ranking-upload";
import type { SubmissionKind } from "@/lib/rankings/detect-kind";

export interface CheckedUpload {
  dims: number;
  dtype: string;
  /** The first line of the submission's history. */
  summary: string;
}

export function checkUpload(
  file: Buffer,
  kind: SubmissionKind,
  ids: { queryIds: string[]; corpusIds: string[] },
  metadata: { dimensions?: number },
  maxBytes: number,
): CheckedUpload {
  if (kind === "ranking") {
    const r = checkRankingUpload(file, ids, metadata, { maxBytes });
    return { dims: 0, dtype: "ranking", summary: r.summary };
  }
  const checked = validateSubmissionNpz(file, { queryIds: ids.queryIds, corpusIds: ids.corpusIds }, { maxBytes });
  if (metadata.dimensions !== undefined && metadata.dimensions !== checked.dims) {
    throw new AppError("INVALID_UPLOAD", `metadata.dimensions is ${metadata.dimensions} but the matrices have ${checked.dims} columns`);
  }
  return { dims: checked.dims, dtype: checked.dtype, summary: `${checked.queryCount} queries × ${checked.corpusCount} corpus rows, d=${checked.dims}, ${checked.dtype}` };
}
