import type { ByteSource } from "./byte-source";
import type { FloatDtype } from "./npy-dtype";
import type { NpyPreamble } from "./npy-preamble";
import { arrayName, raiseArrayErrors, readNpzArray, type NpzArray } from "./npz-array";
import type { StoredMatrix } from "./row-reader";
import { rowRuns, type BlockSink } from "./row-runs";
import { pickSubmissionArrays, SUBMISSION_ARRAYS, SUBMISSION_KINDS, submissionEntries } from "./submission-arrays";
import { matchIds } from "./submission-ids";
import type { SubmissionExpectation } from "./validate-submission";
import type { ZipCodec } from "./zip-codec";
import { readZipDirectory } from "./zip-directory";

// The scoring job's read of a stored .npz: both matrices streamed straight into typed arrays
// in the benchmark's row order, each at its submitted precision (float16 as its bit patterns,
// widened one row at a time by row-reader.ts), so a job holds the matrices once and never the
// file: about 1x the matrices in memory, whatever the dtype. Ids are read first, so every row
// lands in its final place as it arrives.
// The file was validated when it was accepted; structure and ids are checked again here, and
// values again by the ranking (exact-scorer.ts).
export interface SubmissionMatrices {
  dims: number;
  /** The widest dtype submitted. */
  dtype: FloatDtype;
  /** Q×dims row-major, rows in expected.queryIds order (a Uint16Array holds float16 bits). */
  queries: StoredMatrix;
  /** C×dims row-major, rows in expected.corpusIds order (a Uint16Array holds float16 bits). */
  corpus: StoredMatrix;
}

export async function readSubmissionMatrices(
  source: ByteSource,
  expected: SubmissionExpectation,
  opts: { maxBytes: number; codec: ZipCodec },
): Promise<SubmissionMatrices> {
  const entries = submissionEntries(await readZipDirectory(source), opts.maxBytes);
  const read = async (names: readonly string[], onFloatArray?: (a: NpzArray, p: NpyPreamble) => BlockSink | null) => {
    const out: NpzArray[] = [];
    for (const e of entries) {
      if (names.includes(arrayName(e.name))) out.push(await readNpzArray(source, e, { ...opts, expect: SUBMISSION_KINDS, onFloatArray, halves: "bits" }));
    }
    return out;
  };

  const ids = await read([SUBMISSION_ARRAYS.queryIds, SUBMISSION_ARRAYS.corpusIds]);
  raiseArrayErrors(ids);
  // For each submitted row, the benchmark row it belongs in (undefined when the ids are absent;
  // the structural checks below then refuse the file).
  const destinationRows = (idName: string, wanted: readonly string[]) => {
    const submitted = ids.find((a) => a.name === idName)?.strings;
    if (!submitted) return undefined;
    const perm = matchIds(idName, submitted, wanted);
    const to = new Int32Array(perm.length);
    perm.forEach((from, row) => (to[from] = row));
    return to;
  };
  const rowsOf: Record<string, Int32Array | undefined> = {
    [SUBMISSION_ARRAYS.queryEmbeddings]: destinationRows(SUBMISSION_ARRAYS.queryIds, expected.queryIds),
    [SUBMISSION_ARRAYS.corpusEmbeddings]: destinationRows(SUBMISSION_ARRAYS.corpusIds, expected.corpusIds),
  };

  const filled = new Map<string, StoredMatrix>();
  const fill = (a: NpzArray, p: NpyPreamble): BlockSink | null => {
    const to = rowsOf[a.name];
    const [rows, dims] = p.header.shape;
    if (!to || p.header.shape.length !== 2 || rows !== to.length || filled.has(a.name)) return null;
    const n = rows * dims;
    const out = p.dtype.itemSize === 8 ? new Float64Array(n) : p.dtype.itemSize === 4 ? new Float32Array(n) : new Uint16Array(n);
    filled.set(a.name, out);
    return rowRuns(p.header.shape, p.header.fortranOrder, (row, col, values, start, end) => {
      out.set(values.subarray(start, end), to[row] * dims + col);
    });
  };
  const matrices = await read([SUBMISSION_ARRAYS.queryEmbeddings, SUBMISSION_ARRAYS.corpusEmbeddings], fill);
  const arrays = [...ids, ...matrices].sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
  raiseArrayErrors(arrays);
  const s = pickSubmissionArrays(new Map(arrays.map((a) => [a.name, a])));
  return { dims: s.dims, dtype: s.dtype, queries: filled.get(SUBMISSION_ARRAYS.queryEmbeddings)!, corpus: filled.get(SUBMISSION_ARRAYS.corpusEmbeddings)! };
}
