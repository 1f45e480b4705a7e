import { invalidUpload } from "./invalid-upload";

// One pass per matrix: every value finite, and every row with a non-zero norm (cosine
// similarity is undefined for a zero vector). Rows are reported by submitted index and id.
const SHOW = 5;

export function checkRowValues(name: string, data: Float32Array | Float64Array, dims: number, ids: readonly string[]): void {
  let nonFinite = 0;
  let first: { row: number; col: number; value: number } | undefined;
  const zeroRows: number[] = [];
  for (let row = 0, p = 0; row < ids.length; row++) {
    let sumSq = 0;
    for (let col = 0; col < dims; col++, p++) {
      const v = data[p];
      sumSq += v * v;
      if (!Number.isFinite(v)) {
        nonFinite++;
        first ??= { row, col, value: v };
      }
    }
    if (sumSq === 0) zeroRows.push(row);
  }
  if (first) {
    const what = Number.isNaN(first.value) ? "NaN" : first.value > 0 ? "Infinity" : "-Infinity";
    throw invalidUpload(
      `${name} has ${nonFinite} non-finite value${nonFinite > 1 ? "s" : ""}; the first is ${what} at row ${first.row} ` +
        `(id ${JSON.stringify(ids[first.row])}), column ${first.col}`,
      { array: name, row: first.row, column: first.col, id: ids[first.row], count: nonFinite },
    );
  }
  if (zeroRows.length > 0) {
    const shown = zeroRows.slice(0, SHOW).map((r) => JSON.stringify(ids[r]));
    throw invalidUpload(
      `${name} has ${zeroRows.length} zero-norm row${zeroRows.length > 1 ? "s" : ""} (cosine similarity is undefined): ` +
        `${shown.join(", ")}${zeroRows.length > SHOW ? ", …" : ""}`,
      { array: name, ids: zeroRows.slice(0, SHOW).map((r) => ids[r]), count: zeroRows.length },
    );
  }
}
