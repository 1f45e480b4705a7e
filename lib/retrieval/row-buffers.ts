// How the scorers put rows into their buffers, and the one memory layout both WebAssembly
// scorers share. Every row is divided by its own divisor in float64 (a_t = v_t / divisor, the
// exact path's arithmetic) and rounded to the buffer's type on the store: row-major for query
// blocks (and BLAS operands), interleaved in groups of `lanes` rows for the kernels' corpus
// tiles (row j's value t at ⌊j / lanes⌋ · lanes · d + t · lanes + j mod lanes).
import type { RowReader } from "@/lib/embeddings/row-reader";

type RowBuffer = Float64Array | Float32Array;

/** A WebAssembly scorer's memory, in elements: query rows at 0, the corpus chunk at `corpusAt`, scores at `scoresAt`. */
export interface TileLayout {
  /** Query rows, rounded up to whole query tiles. */
  queryRows: number;
  /** Scores of block query i against chunk row j live at scoresAt + i * stride + j. */
  stride: number;
  corpusAt: number;
  scoresAt: number;
  /** Elements in all. */
  length: number;
}

export function tileLayout(dims: number, maxQueryRows: number, maxCorpusRows: number, queryTile: number, corpusTile: number): TileLayout {
  const queryRows = roundUp(maxQueryRows, queryTile);
  const stride = roundUp(maxCorpusRows, corpusTile);
  const corpusAt = queryRows * dims;
  const scoresAt = corpusAt + stride * dims;
  return { queryRows, stride, corpusAt, scoresAt, length: scoresAt + queryRows * stride };
}

export const roundUp = (n: number, m: number) => Math.ceil(n / m) * m;

/** Rows [start, start+count) of `src` at `at`, row-major, then zero rows up to `paddedRows`. */
export function writeRows(buf: RowBuffer, at: number, dims: number, src: RowReader, divisors: Float64Array, start: number, count: number, paddedRows = count): void {
  buf.fill(0, at + count * dims, at + paddedRows * dims);
  for (let i = 0; i < count; i++) {
    const v = src.row(start + i);
    const div = divisors[start + i], to = at + i * dims;
    for (let t = 0; t < dims; t++) buf[to + t] = v[t] / div;
  }
}

/** Rows [start, start+count) of `src` at `at`, interleaved in groups of `lanes`; padding rows up to `paddedRows` are zero. */
export function writeInterleavedRows(buf: RowBuffer, at: number, dims: number, lanes: number, src: RowReader, divisors: Float64Array, start: number, count: number, paddedRows: number): void {
  // Zero from the first group that holds any padding lane; real rows are written afterwards.
  buf.fill(0, at + (count - (count % lanes)) * dims, at + paddedRows * dims);
  for (let j = 0; j < count; j++) {
    const v = src.row(start + j);
    const div = divisors[start + j];
    const lane = j % lanes;
    let to = at + (j - lane) * dims + lane;
    for (let t = 0; t < dims; t++, to += lanes) buf[to] = v[t] / div;
  }
}
