import { invalidUpload } from "./invalid-upload";

// One pass per matrix: every value finite, and every row with a non-zero norm (cosine
// similarity is undefined for a zero vector). Rows are reported by submitted index and id.
// The tallies (RowValueStats) can also be gathered block by block from a stream
// (npz-file-arrays.ts) and reported the same way.
const SHOW = 5;

export interface RowValueStats {
  nonFinite: number;
  /** The first non-finite value in row-major order. */
  first?: { row: number; col: number; value: number };
  /** Per row, the sum of its squared values (in column order). */
  sumSq: Float64Array;
}

export function checkRowValues(name: string, data: Float32Array | Float64Array, dims: number, ids: readonly string[]): void {
  const stats: RowValueStats = { nonFinite: 0, sumSq: new Float64Array(ids.length) };
  for (let row = 0, p = 0; row < ids.length; row++) {
    let sumSq = 0;
    for (let col = 0; col < dims; col++, p++) {
      const v = data[p];
      sumSq += v * v;
      if (!Number.isFinite(v)) {
        stats.nonFinite++;
        stats.first ??= { row, col, value: v };
      }
    }
    stats.sumSq[row] = sumSq;
  }
  reportRowValues(name, stats, ids);
}

export function reportRowValues(name: string, stats: RowValueStats, ids: readonly string[]): void {
  const { first, nonFinite } = stats;
  if (first) {
    const what = Number.isNaN(first.value) ? "NaN" : first.value > 0 ? "Infinity" : "-Infinity";
    throw invalidUpload(
      `${name} has ${nonFinite} non-finite value${nonFinite > 1 ? "s" : ""}; the first is ${what} at row ${first.row} ` +
        `(id ${JSON.stringify(ids[first.row])}), column ${first.col}`,
      { array: name, row: first.row, column: first.col, id: ids[first.row], count: nonFinite },
    );
  }
  const zeroRows: number[] = [];
  for (let row = 0; row < stats.sumSq.length; row++) if (stats.sumSq[row] === 0) zeroRows.push(row);
  if (zeroRows.length > 0) {
    const shown = zeroRows.slice(0, SHOW).map((r) => JSON.stringify(ids[r]));
    throw invalidUpload(
      `${name} has ${zeroRows.length} zero-norm row${zeroRows.length > 1 ? "s" : ""} (cosine similarity is undefined): ` +
        `${shown.join(", ")}${zeroRows.length > SHOW ? ", …" : ""}`,
      { array: name, ids: zeroRows.slice(0, SHOW).map((r) => ids[r]), count: zeroRows.length },
    );
  }
}
