// Submissions that cannot rank anything: every query row, or every corpus row, the same vector.
// Such a file would tie every snippet for every query (or give every query one ranking); it is
// refused with a message that says so, before anything is executed.
import { AppError } from "@/lib/errors/app-error";
import type { RowReader } from "@/lib/embeddings/row-reader";

/** True when every row of `rows` equals row 0 value for value (a matrix of one row is not). */
export function allRowsIdentical(rows: RowReader): boolean {
  if (rows.rows < 2) return false;
  const first = Float64Array.from(rows.row(0));
  for (let r = 1; r < rows.rows; r++) {
    const v = rows.row(r);
    for (let t = 0; t < first.length; t++) if (v[t] !== first[t]) return false;
  }
  return true;
}

export function refuseDegenerateRows(queries: RowReader, corpus: RowReader): void {
  if (allRowsIdentical(corpus)) {
    throw new AppError(
      "INVALID_UPLOAD",
      `corpus_embeddings: all ${corpus.rows} rows are the same vector, so every snippet would tie for every query; embed each snippet's code`,
      { reason: "identical-rows", matrix: "corpus_embeddings", rows: corpus.rows },
    );
  }
  if (allRowsIdentical(queries)) {
    throw new AppError(
      "INVALID_UPLOAD",
      `query_embeddings: all ${queries.rows} rows are the same vector, so every query would get the same ranking; embed each query's text`,
      { reason: "identical-rows", matrix: "query_embeddings", rows: queries.rows },
    );
  }
}
