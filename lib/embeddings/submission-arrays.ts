import { invalidUpload } from "./invalid-upload";
import type { NpyArray, NpyFloatArray } from "./npy-types";

// Structural checks of a submission: the four arrays exist, have the right kinds and ranks,
// and their sizes agree. Values and ids are checked later, once the structure is trusted.
export const SUBMISSION_ARRAYS = {
  queryEmbeddings: "query_embeddings",
  corpusEmbeddings: "corpus_embeddings",
  queryIds: "query_ids",
  corpusIds: "corpus_ids",
} as const;

export const SUBMISSION_KINDS = {
  query_embeddings: "float",
  corpus_embeddings: "float",
  query_ids: "string",
  corpus_ids: "string",
} as const;

export interface SubmissionArrays {
  queryEmbeddings: NpyFloatArray;
  corpusEmbeddings: NpyFloatArray;
  queryIds: string[];
  corpusIds: string[];
  dims: number;
}

const shapeText = (shape: number[]) => `(${shape.join(", ")}${shape.length === 1 ? "," : ""})`;

function matrix(arrays: Map<string, NpyArray>, name: string): NpyFloatArray {
  const a = arrays.get(name) as NpyArray;
  if (a.kind !== "float") throw invalidUpload(`${name} must be a float16, float32 or float64 array`);
  if (a.shape.length !== 2) {
    throw invalidUpload(`${name} must be 2-D (rows × dimensions); got shape ${shapeText(a.shape)}`, { shape: a.shape });
  }
  return a;
}

function ids(arrays: Map<string, NpyArray>, name: string): string[] {
  const a = arrays.get(name) as NpyArray;
  if (a.kind !== "string") throw invalidUpload(`${name} must be a unicode string array (numpy '<U…')`);
  if (a.shape.length !== 1) {
    throw invalidUpload(`${name} must be 1-D; got shape ${shapeText(a.shape)}`, { shape: a.shape });
  }
  return a.data;
}

export function pickSubmissionArrays(arrays: Map<string, NpyArray>): SubmissionArrays {
  const required = Object.values(SUBMISSION_ARRAYS);
  const missing = required.filter((n) => !arrays.has(n));
  if (missing.length > 0) {
    throw invalidUpload(`submission is missing required array${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`, {
      missing,
    });
  }
  const q = matrix(arrays, SUBMISSION_ARRAYS.queryEmbeddings);
  const c = matrix(arrays, SUBMISSION_ARRAYS.corpusEmbeddings);
  const queryIds = ids(arrays, SUBMISSION_ARRAYS.queryIds);
  const corpusIds = ids(arrays, SUBMISSION_ARRAYS.corpusIds);
  for (const [m, idList, mName, idName] of [
    [q, queryIds, "query_embeddings", "query_ids"],
    [c, corpusIds, "corpus_embeddings", "corpus_ids"],
  ] as const) {
    if (m.shape[0] !== idList.length) {
      throw invalidUpload(`${mName} has ${m.shape[0]} rows but ${idName} has ${idList.length} entries`, {
        rows: m.shape[0],
        ids: idList.length,
      });
    }
  }
  const dims = q.shape[1];
  if (c.shape[1] !== dims) {
    throw invalidUpload(
      `query_embeddings has ${dims} columns but corpus_embeddings has ${c.shape[1]}; both must have the same dimension`,
      { queryDims: dims, corpusDims: c.shape[1] },
    );
  }
  if (dims < 1) throw invalidUpload("embeddings have 0 columns; at least 1 dimension is required");
  return { queryEmbeddings: q, corpusEmbeddings: c, queryIds, corpusIds, dims };
}
