import { decodeFloat16 } from "@/lib/embeddings/half-float";
import { FileProblem } from "./check-report";
import { forEachEntryChunk } from "./read-entry";
import type { NpyInfo } from "./read-npy-header";
import type { ZipEntryInfo } from "./read-zip-directory";

// One streaming pass over a float matrix: every value finite and no all-zero row (cosine
// similarity is undefined for one). Worded like the server's check (lib/embeddings/
// submission-values.ts); rows are the submitted rows, named by their ids.
const SHOW = 5;

export async function scanMatrixValues(file: Blob, entry: ZipEntryInfo, npy: NpyInfo, ids: readonly string[], name: string, onBytes?: (n: number) => void): Promise<void> {
  if (npy.dtype.kind !== "float") return;
  const { itemSize, littleEndian } = npy.dtype;
  const [rows, dims] = npy.header.shape;
  const fortran = npy.header.fortranOrder;
  const sumSq = new Float64Array(rows);
  let nonFinite = 0;
  let first: { row: number; col: number; value: number } | undefined;
  let skip = npy.dataOffset; // the .npy header
  let carry = new Uint8Array(0);
  let index = 0;

  const visit = (v: number) => {
    const row = fortran ? index % rows : Math.floor(index / dims);
    const col = fortran ? Math.floor(index / rows) : index % dims;
    index++;
    sumSq[row] += v * v;
    if (!Number.isFinite(v)) {
      nonFinite++;
      if (!first || row < first.row || (row === first.row && col < first.col)) first = { row, col, value: v };
    }
  };

  await forEachEntryChunk(file, entry, (chunk) => {
    onBytes?.(chunk.length);
    let bytes = chunk;
    if (skip > 0) {
      const s = Math.min(skip, bytes.length);
      skip -= s;
      bytes = bytes.subarray(s);
    }
    if (carry.length) {
      const joined = new Uint8Array(carry.length + bytes.length);
      joined.set(carry);
      joined.set(bytes, carry.length);
      bytes = joined;
    }
    const whole = bytes.length - (bytes.length % itemSize);
    carry = bytes.slice(whole);
    if (itemSize === 2) {
      for (const v of decodeFloat16(bytes.subarray(0, whole), littleEndian)) visit(v);
    } else {
      const view = new DataView(bytes.buffer, bytes.byteOffset, whole);
      for (let p = 0; p < whole; p += itemSize) visit(itemSize === 4 ? view.getFloat32(p, littleEndian) : view.getFloat64(p, littleEndian));
    }
  });

  if (first) {
    const what = Number.isNaN(first.value) ? "NaN" : first.value > 0 ? "Infinity" : "-Infinity";
    throw new FileProblem(
      `${name} has ${nonFinite} non-finite value${nonFinite > 1 ? "s" : ""}; the first is ${what} at row ${first.row} (id ${JSON.stringify(ids[first.row])}), column ${first.col}`,
    );
  }
  const zero: number[] = [];
  sumSq.forEach((s, r) => {
    if (s === 0) zero.push(r);
  });
  if (zero.length) {
    const shown = zero.slice(0, SHOW).map((r) => JSON.stringify(ids[r]));
    throw new FileProblem(
      `${name} has ${zero.length} zero-norm row${zero.length > 1 ? "s" : ""} (cosine similarity is undefined): ${shown.join(", ")}${zero.length > SHOW ? ", …" : ""}`,
    );
  }
}
