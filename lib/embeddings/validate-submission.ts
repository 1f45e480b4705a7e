import type { ByteSource } from "./byte-source";
import type { FloatDtype } from "./npy-dtype";
import { arrayName, raiseArrayErrors, readNpzArray, type NpzArray } from "./npz-array";
import { invalidUpload } from "./invalid-upload";
import { pickSubmissionArrays, shapeText, SUBMISSION_KINDS, submissionEntries, type StructureCheck } from "./submission-arrays";
import { matchIds } from "./submission-ids";
import { gatherRowValues, reportRowValues, type RowValueStats } from "./submission-values";
import type { ZipCodec } from "./zip-codec";
import { readZipDirectory, type ZipEntry } from "./zip-directory";
import { DEFAULT_MAX_UNCOMPRESSED_BYTES } from "./zip-entry-stream";

// Validates a vendor's .npz against a benchmark in one streaming pass and bounded memory,
// whatever the source (an upload in memory or on disk, the submit page's File): the central
// directory is read from the end, each array inflated as a stream, float values checked and
// row norms gathered block by block, ids decoded and matched. Every refusal is an
// AppError("INVALID_UPLOAD") naming the problem; the order of the checks decides which of
// several problems a file is refused for, and is the same everywhere.
export interface SubmissionExpectation {
  queryIds: readonly string[];
  corpusIds: readonly string[];
}

export interface ValidatedSubmission {
  dims: number;
  /** The widest dtype submitted. */
  dtype: FloatDtype;
  queryCount: number;
  corpusCount: number;
}

/** The check under way: the archive, an entry read (zip and .npy problems), a structural check, ids, values. */
export type ValidationCheck = { kind: "archive" } | { kind: "entry"; array: string } | StructureCheck | { kind: "ids"; array: string } | { kind: "values" };

/** How far a validation got, for a checklist (the submit page's); filled in as it goes. */
export interface ValidationTrace {
  check?: ValidationCheck;
  /** Every entry of the archive, once its directory is read. */
  entries?: readonly ZipEntry[];
  /** The submission's arrays by name, once read. */
  arrays?: ReadonlyMap<string, NpzArray>;
}

export interface ValidateOptions {
  /** Uncompressed bytes allowed for the four arrays together (zip-bomb limit). */
  maxBytes?: number;
  codec: ZipCodec;
  /** Told the fraction of the arrays' bytes read so far (0..1). */
  onProgress?: (fraction: number) => void;
  trace?: ValidationTrace;
}

/** No embedding model has more dimensions; a file claiming more is refused from its header. */
export const MAX_DIMS = 16_384;

/** The most the four arrays can hold for q query rows and c corpus rows: float64 rows at the largest dimension, ids of up to 1 KiB, headers. */
export function arrayBudget(q: number, c: number): number {
  return (q + c) * (MAX_DIMS * 8 + 1024) + 64 * 1024;
}

// A refusal must not cost more than the file is worth: what a header declares is checked before
// any of its data is read or any per-row state is allocated, so a small hostile file claiming
// 10^12 rows or millions of dimensions is refused at once.
function boundDeclaredWork(name: string, shape: readonly number[], itemSize: number, maxBytes: number): void {
  const [rows, dims] = shape;
  if (dims > MAX_DIMS) {
    throw invalidUpload(`${name} declares ${dims} dimensions; at most ${MAX_DIMS} are accepted (no embedding model has more)`, { dims, limit: MAX_DIMS });
  }
  const bytes = rows * dims * itemSize;
  if (!Number.isSafeInteger(rows) || bytes > maxBytes) {
    throw invalidUpload(`${name} declares shape ${shapeText(shape)}, ${bytes.toExponential(2)} bytes of data; an upload's arrays may hold at most ${maxBytes} bytes`, { shape, limit: maxBytes });
  }
}

export async function validateSubmission(source: ByteSource, expected: SubmissionExpectation, opts: ValidateOptions): Promise<ValidatedSubmission> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  const trace = opts.trace ?? {};
  trace.check = { kind: "archive" };
  trace.entries = await readZipDirectory(source);
  const chosen = submissionEntries(trace.entries, maxBytes);
  const total = Math.max(1, chosen.reduce((n, e) => n + e.uncompressedSize, 0));
  let done = 0;
  const stats = new Map<string, RowValueStats>();
  const arrays: NpzArray[] = [];
  for (const entry of chosen) {
    trace.check = { kind: "entry", array: arrayName(entry.name) };
    arrays.push(
      await readNpzArray(source, entry, {
        expect: SUBMISSION_KINDS,
        maxBytes,
        codec: opts.codec,
        onChunk: opts.onProgress && ((n) => opts.onProgress!(Math.min(1, (done += n) / total))),
        onFloatArray: (array, p) => {
          if (p.header.shape.length !== 2 || stats.has(array.name)) return null; // refused later
          boundDeclaredWork(array.name, p.header.shape, p.dtype.itemSize, maxBytes);
          const { stats: st, sink } = gatherRowValues(p.header.shape, p.header.fortranOrder);
          stats.set(array.name, st);
          return sink;
        },
      }),
    );
  }
  raiseArrayErrors(arrays, (array) => (trace.check = { kind: "entry", array }));
  trace.arrays = new Map(arrays.map((a) => [a.name, a]));
  const s = pickSubmissionArrays(new Map(trace.arrays), (check) => (trace.check = check));
  trace.check = { kind: "ids", array: "query_ids" };
  matchIds("query_ids", s.queryIds, expected.queryIds);
  trace.check = { kind: "ids", array: "corpus_ids" };
  matchIds("corpus_ids", s.corpusIds, expected.corpusIds);
  trace.check = { kind: "values" };
  reportRowValues("query_embeddings", stats.get("query_embeddings")!, s.queryIds);
  reportRowValues("corpus_embeddings", stats.get("corpus_embeddings")!, s.corpusIds);
  return { dims: s.dims, dtype: s.dtype, queryCount: expected.queryIds.length, corpusCount: expected.corpusIds.length };
}
