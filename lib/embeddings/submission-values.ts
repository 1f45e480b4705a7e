import { invalidUpload } from "./invalid-upload";
import { rowRuns, type BlockSink } from "./row-runs";

// Every value finite, and every row with a non-zero norm (cosine similarity is undefined for a
// zero vector). A row is zero when all its values are, not when its sum of squares is: that
// underflows to 0 for tiny values (1e-200) that still have a direction, and ranking computes
// their norms without underflow. The tallies are gathered block by block as a matrix streams in,
// and reported by submitted row and id once the ids are known to match.
const SHOW = 5;

export interface RowValueStats {
  nonFinite: number;
  /** The first non-finite value in row-major order. */
  first?: { row: number; col: number; value: number };
  /** Per row, 1 once a value other than ±0 was seen. */
  nonZero: Uint8Array;
}

/** Tallies for a rows × dims matrix, and the sink that gathers them from its stream. */
export function gatherRowValues(shape: readonly number[], fortranOrder: boolean): { stats: RowValueStats; sink: BlockSink } {
  const stats: RowValueStats = { nonFinite: 0, nonZero: new Uint8Array(shape[0]) };
  const sink = rowRuns(shape, fortranOrder, (row, col, values, start, end) => {
    let nonZero = stats.nonZero[row];
    for (let i = start; i < end; i++) {
      const v = values[i];
      if (v !== 0) nonZero = 1;
      if (v - v !== 0) {
        // NaN or ±Infinity. The first in row-major order, whatever order values arrive in.
        stats.nonFinite++;
        const c = col + i - start;
        if (!stats.first || row < stats.first.row || (row === stats.first.row && c < stats.first.col)) stats.first = { row, col: c, value: v };
      }
    }
    stats.nonZero[row] = nonZero;
  });
  return { stats, sink };
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
  for (let row = 0; row < stats.nonZero.length; row++) if (stats.nonZero[row] === 0) zeroRows.push(row);
  if (zeroRows.length > 0) {
    const shown = zeroRows.slice(0, SHOW).map((r) => JSON.stringify(ids[r]));
    throw invalidUpload(
      `${name} has ${zeroRows.length} zero-norm row${zeroRows.length > 1 ? "s" : ""} (cosine similarity is undefined): ` +
        `${shown.join(", ")}${zeroRows.length > SHOW ? ", …" : ""}`,
      { array: name, ids: zeroRows.slice(0, SHOW).map((r) => ids[r]), count: zeroRows.length },
    );
  }
}
