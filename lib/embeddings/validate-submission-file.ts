import { invalidUpload } from "./invalid-upload";
import type { FloatDtype } from "./npy-types";
import { arrayName } from "./npz";
import { arrayShell, raiseArrayErrors, readFileArray, rowRuns, type FileArray } from "./npz-file-arrays";
import { pickSubmissionArrays, SUBMISSION_KINDS } from "./submission-arrays";
import { matchIds } from "./submission-ids";
import { reportRowValues, type RowValueStats } from "./submission-values";
import type { SubmissionExpectation } from "./validate-submission";
import { DEFAULT_MAX_UNCOMPRESSED_BYTES } from "./zip-extract";
import { openZipFile, type ZipFile } from "./zip-file";

// validateSubmissionNpz for a file on disk, in one streaming pass and bounded memory whatever
// the file's size: the central directory is read from the file's end, each array inflated as a
// stream, float values checked and row norms accumulated block by block, ids decoded and
// matched. It refuses exactly what validateSubmissionNpz refuses, with the same messages
// (tests/embeddings/files checks both readers on the same files), but returns no matrices.
export interface ValidatedSubmissionFile {
  dims: number;
  /** The widest dtype submitted. */
  dtype: FloatDtype;
  queryCount: number;
  corpusCount: number;
}

const RANK: Record<FloatDtype, number> = { float16: 0, float32: 1, float64: 2 };

export function chosenEntries(zip: ZipFile, maxBytes: number) {
  const wanted = new Set(Object.keys(SUBMISSION_KINDS));
  // Only the four arrays are inflated and parsed; anything else in the archive is ignored.
  const chosen = zip.entries.filter((e) => !e.name.endsWith("/") && wanted.has(arrayName(e.name)));
  const declared = chosen.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxBytes) {
    throw invalidUpload(`zip archive would decompress to ${declared} bytes, more than the limit of ${maxBytes} bytes`);
  }
  return chosen;
}

export async function validateSubmissionFile(
  path: string,
  expected: SubmissionExpectation,
  opts: { maxBytes?: number } = {},
): Promise<ValidatedSubmissionFile> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  const zip = await openZipFile(path);
  const stats = new Map<FileArray, RowValueStats>();
  const arrays: FileArray[] = [];
  for (const entry of chosenEntries(zip, maxBytes)) {
    arrays.push(
      await readFileArray(zip, entry, {
        expect: SUBMISSION_KINDS,
        maxBytes,
        onFloatArray: (array, p) => {
          if (p.header.shape.length !== 2) return null; // refused later as not 2-D
          const st: RowValueStats = { nonFinite: 0, sumSq: new Float64Array(p.header.shape[0]) };
          stats.set(array, st);
          return rowRuns(p.header.shape, p.header.fortranOrder, (row, col, values, start, end) => {
            // Squares summed in column order, as checkRowValues sums them.
            let sumSq = st.sumSq[row];
            for (let i = start; i < end; i++) {
              const v = values[i];
              sumSq += v * v;
              if (v - v !== 0) {
                // NaN or ±Infinity. The first in row-major order, whatever order values arrive in.
                st.nonFinite++;
                const c = col + i - start;
                if (!st.first || row < st.first.row || (row === st.first.row && c < st.first.col)) st.first = { row, col: c, value: v };
              }
            }
            st.sumSq[row] = sumSq;
          });
        },
      }),
    );
  }
  raiseArrayErrors(arrays);
  const s = pickSubmissionArrays(new Map(arrays.map((a) => [a.name, arrayShell(a)])));
  matchIds("query_ids", s.queryIds, expected.queryIds);
  matchIds("corpus_ids", s.corpusIds, expected.corpusIds);
  const statsOf = (name: string) => stats.get(arrays.find((a) => a.name === name)!)!;
  reportRowValues("query_embeddings", statsOf("query_embeddings"), s.queryIds);
  reportRowValues("corpus_embeddings", statsOf("corpus_embeddings"), s.corpusIds);
  const q = s.queryEmbeddings.dtype, c = s.corpusEmbeddings.dtype;
  return { dims: s.dims, dtype: RANK[q] >= RANK[c] ? q : c, queryCount: expected.queryIds.length, corpusCount: expected.corpusIds.length };
}
