import { invalidUpload } from "./invalid-upload";
import { FLOAT_DTYPES, type FloatDtype } from "./npy-dtype";
import { arrayName, type NpzArray } from "./npz-array";
import type { ZipEntry } from "./zip-directory";
import { assertWithinBudget } from "./zip-entry-stream";

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

/** A structural check, named for a checklist: "required", or one array's kind and rank, or "shapes". */
export type StructureCheck = { kind: "required" } | { kind: "array"; array: string } | { kind: "shapes" };

export interface SubmissionArrays {
  queryEmbeddings: NpzArray;
  corpusEmbeddings: NpzArray;
  queryIds: string[];
  corpusIds: string[];
  dims: number;
  /** The widest dtype of the two matrices. */
  dtype: FloatDtype;
}

export const shapeText = (shape: readonly number[]) => `(${shape.join(", ")}${shape.length === 1 ? "," : ""})`;

/** The archive's entries that hold the four arrays, refused if they would decompress past `maxBytes`. */
export function submissionEntries(entries: readonly ZipEntry[], maxBytes: number): ZipEntry[] {
  const wanted = new Set(Object.keys(SUBMISSION_KINDS));
  // Only the four arrays are inflated and parsed; anything else in the archive is ignored.
  const chosen = entries.filter((e) => !e.name.endsWith("/") && wanted.has(arrayName(e.name)));
  assertWithinBudget(chosen, maxBytes);
  return chosen;
}

function matrix(arrays: Map<string, NpzArray>, name: string): NpzArray {
  const { header, dtype } = arrays.get(name)!.preamble!;
  if (dtype.kind !== "float") throw invalidUpload(`${name} must be a float16, float32 or float64 array`);
  if (header.shape.length !== 2) {
    throw invalidUpload(`${name} must be 2-D (rows × dimensions); got shape ${shapeText(header.shape)}`, { shape: header.shape });
  }
  return arrays.get(name)!;
}

function ids(arrays: Map<string, NpzArray>, name: string): string[] {
  const a = arrays.get(name)!;
  const { header, dtype } = a.preamble!;
  if (dtype.kind !== "string") throw invalidUpload(`${name} must be a unicode string array (numpy '<U…')`);
  if (header.shape.length !== 1) throw invalidUpload(`${name} must be 1-D; got shape ${shapeText(header.shape)}`, { shape: header.shape });
  return a.strings ?? [];
}

/** Checks arrays read without errors (raiseArrayErrors passed); `at` is told each check begun. */
export function pickSubmissionArrays(arrays: Map<string, NpzArray>, at?: (check: StructureCheck) => void): SubmissionArrays {
  at?.({ kind: "required" });
  const missing = Object.values(SUBMISSION_ARRAYS).filter((n) => !arrays.has(n));
  if (missing.length > 0) {
    throw invalidUpload(`submission is missing required array${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`, { missing });
  }
  const check = (array: string) => at?.({ kind: "array", array });
  check(SUBMISSION_ARRAYS.queryEmbeddings);
  const q = matrix(arrays, SUBMISSION_ARRAYS.queryEmbeddings);
  check(SUBMISSION_ARRAYS.corpusEmbeddings);
  const c = matrix(arrays, SUBMISSION_ARRAYS.corpusEmbeddings);
  check(SUBMISSION_ARRAYS.queryIds);
  const queryIds = ids(arrays, SUBMISSION_ARRAYS.queryIds);
  check(SUBMISSION_ARRAYS.corpusIds);
  const corpusIds = ids(arrays, SUBMISSION_ARRAYS.corpusIds);
  at?.({ kind: "shapes" });
  const [qShape, cShape] = [q.preamble!.header.shape, c.preamble!.header.shape];
  for (const [rows, idList, mName, idName] of [
    [qShape[0], queryIds, "query_embeddings", "query_ids"],
    [cShape[0], corpusIds, "corpus_embeddings", "corpus_ids"],
  ] as const) {
    if (rows !== idList.length) throw invalidUpload(`${mName} has ${rows} rows but ${idName} has ${idList.length} entries`, { rows, ids: idList.length });
  }
  const dims = qShape[1];
  if (cShape[1] !== dims) {
    throw invalidUpload(`query_embeddings has ${dims} columns but corpus_embeddings has ${cShape[1]}; both must have the same dimension`, {
      queryDims: dims,
      corpusDims: cShape[1],
    });
  }
  if (dims < 1) throw invalidUpload("embeddings have 0 columns; at least 1 dimension is required");
  const dtype = FLOAT_DTYPES[Math.max(q.preamble!.dtype.itemSize, c.preamble!.dtype.itemSize) as 2 | 4 | 8];
  return { queryEmbeddings: q, corpusEmbeddings: c, queryIds, corpusIds, dims, dtype };
}
