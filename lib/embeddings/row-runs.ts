import type { FloatBlock, HalfBitsBlock } from "./float-chunks";

// A streamed 2-D float array handed on as runs of one row's consecutive values:
// `run(row, col, values, start, end)` covers values[start..end) = row `row`, columns col…
// In C order a block yields about one run per row it touches; in Fortran order (rare: numpy
// writes C order unless told otherwise) every value is a run of its own.
export type BlockSink = (values: FloatBlock | HalfBitsBlock, firstIndex: number) => void;
export type RowRun = (row: number, col: number, values: FloatBlock | HalfBitsBlock, start: number, end: number) => void;

export function rowRuns(shape: readonly number[], fortranOrder: boolean, run: RowRun): BlockSink {
  const [rows, dims] = shape;
  if (fortranOrder) {
    return (values, firstIndex) => {
      let row = firstIndex % rows;
      let col = Math.floor(firstIndex / rows);
      for (let i = 0; i < values.length; i++) {
        run(row, col, values, i, i + 1);
        if (++row === rows) {
          row = 0;
          col++;
        }
      }
    };
  }
  return (values, firstIndex) => {
    let row = Math.floor(firstIndex / dims);
    let col = firstIndex - row * dims;
    for (let i = 0; i < values.length; ) {
      const end = Math.min(values.length, i + dims - col);
      run(row, col, values, i, end);
      i = end;
      row++;
      col = 0;
    }
  };
}
