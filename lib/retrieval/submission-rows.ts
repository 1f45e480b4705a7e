// The rows a scoring job ranks: a stored .npz read from disk (read-submission-matrices.ts) into one
// array per matrix at its submitted precision, in the benchmark's row order, behind RowReaders.
import { readSubmissionFile } from "@/lib/embeddings/server-readers";
import type { SubmissionExpectation } from "@/lib/embeddings/validate-submission";
import { storedRows, type RowReader } from "@/lib/embeddings/row-reader";

export interface SubmissionRows {
  dims: number;
  dtype: "float16" | "float32" | "float64";
  /** Rows in expected.queryIds / expected.corpusIds order. */
  queries: RowReader;
  corpus: RowReader;
}

export async function readSubmissionRows(path: string, expected: SubmissionExpectation, opts: { maxBytes: number }): Promise<SubmissionRows> {
  const m = await readSubmissionFile(path, expected, opts);
  return { dims: m.dims, dtype: m.dtype, queries: storedRows(m.queries, m.dims), corpus: storedRows(m.corpus, m.dims) };
}
