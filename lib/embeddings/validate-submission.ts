import { readNpz } from "./npz";
import type { FloatDtype } from "./npy-types";
import { reorderRows } from "./reorder-rows";
import { pickSubmissionArrays, SUBMISSION_KINDS } from "./submission-arrays";
import { matchIds } from "./submission-ids";
import { checkRowValues } from "./submission-values";

// Validates a vendor's .npz against a benchmark and returns both matrices in the benchmark's
// row order. Every refusal is an AppError("INVALID_UPLOAD") whose message names the problem.
export interface SubmissionExpectation {
  queryIds: string[];
  corpusIds: string[];
}

export interface ValidatedSubmission {
  dims: number;
  /** The widest dtype submitted; both matrices are returned with this precision. */
  dtype: FloatDtype;
  queryCount: number;
  corpusCount: number;
  /** Q×dims row-major, rows in expected.queryIds order. May share memory with the upload buffer. */
  queries: Float32Array | Float64Array;
  /** C×dims row-major, rows in expected.corpusIds order. May share memory with the upload buffer. */
  corpus: Float32Array | Float64Array;
}

const RANK: Record<FloatDtype, number> = { float16: 0, float32: 1, float64: 2 };

export function validateSubmissionNpz(
  buffer: Buffer,
  expected: SubmissionExpectation,
  opts: { maxBytes?: number } = {},
): ValidatedSubmission {
  // Only the four arrays are inflated and parsed; anything else in the archive is ignored.
  const arrays = readNpz(buffer, { maxBytes: opts.maxBytes, names: Object.keys(SUBMISSION_KINDS), expect: SUBMISSION_KINDS });
  const s = pickSubmissionArrays(arrays);
  const queryPerm = matchIds("query_ids", s.queryIds, expected.queryIds);
  const corpusPerm = matchIds("corpus_ids", s.corpusIds, expected.corpusIds);
  checkRowValues("query_embeddings", s.queryEmbeddings.data, s.dims, s.queryIds);
  checkRowValues("corpus_embeddings", s.corpusEmbeddings.data, s.dims, s.corpusIds);

  const q = s.queryEmbeddings;
  const c = s.corpusEmbeddings;
  const dtype = RANK[q.dtype] >= RANK[c.dtype] ? q.dtype : c.dtype;
  const as64 = dtype === "float64";
  // Decoded data that does not alias the upload (inflated, byte-swapped, widened) is ours to permute.
  const owned = (m: Float32Array | Float64Array) => m.buffer !== buffer.buffer;
  return {
    dims: s.dims,
    dtype,
    queryCount: expected.queryIds.length,
    corpusCount: expected.corpusIds.length,
    queries: reorderRows(q.data, s.dims, queryPerm, { as64, owned: owned(q.data) }),
    corpus: reorderRows(c.data, s.dims, corpusPerm, { as64, owned: owned(c.data) }),
  };
}
