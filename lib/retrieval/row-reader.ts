// Row access for ranking, decoupled from storage: an in-memory matrix, or (rank-stage) the raw
// bytes of an uploaded .npy entry read row by row, so that a scoring job never holds a second
// full copy of the matrices.
export type Matrix = Float32Array | Float64Array;

export interface RowReader {
  readonly rows: number;
  readonly dims: number;
  /**
   * Row r's `dims` values: a view into the source when its layout allows, else a scratch array
   * that the next call overwrites. Callers must not write to it.
   */
  row(r: number): Matrix;
}

export function matrixRows(data: Matrix, dims: number): RowReader {
  return { rows: data.length / dims, dims, row: (r) => data.subarray(r * dims, (r + 1) * dims) };
}
