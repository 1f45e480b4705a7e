// Row access for ranking, decoupled from storage: an in-memory matrix, or a float16 matrix kept
// at 16 bits and widened one row at a time, so that a scoring job never holds a second, wider
// copy of the matrices.
import { halfTable } from "./half-float";

export type Matrix = Float32Array | Float64Array;
/** A matrix as a scoring job holds it: float32/float64 values, or float16 bit patterns. */
export type StoredMatrix = Matrix | Uint16Array;

export interface RowReader {
  readonly rows: number;
  readonly dims: number;
  /**
   * Row r's `dims` values: a view into the source when its layout allows, else a scratch array
   * that the next call overwrites. Callers must not write to it.
   */
  row(r: number): Matrix;
  /**
   * The whole matrix, row-major, when the reader reads one in place (float16 as its bit
   * patterns): native code may read it directly instead of row by row.
   */
  readonly data?: StoredMatrix;
}

export function matrixRows(data: Matrix, dims: number): RowReader {
  return { rows: data.length / dims, dims, data, row: (r) => data.subarray(r * dims, (r + 1) * dims) };
}

/** Rows of a stored matrix; float16 rows are widened (exactly) into one scratch row per reader. */
export function storedRows(data: StoredMatrix, dims: number): RowReader {
  if (!(data instanceof Uint16Array)) return matrixRows(data, dims);
  const table = halfTable(), scratch = new Float32Array(dims);
  return {
    rows: data.length / dims,
    dims,
    data,
    row: (r) => {
      for (let t = 0, p = r * dims; t < dims; t++, p++) scratch[t] = table[data[p]];
      return scratch;
    },
  };
}
