import { fortranToRowMajor } from "./fortran-order";
import { invalidUpload } from "./invalid-upload";
import type { SupportedDtype } from "./npy-dtype";

// The strings of a numpy unicode array ('<U…' or '>U…'): fixed-width UTF-32 code units padded
// with NULs, in row-major order whatever the array's order.
export function decodeUnicodeArray(
  bytes: Uint8Array,
  dtype: SupportedDtype & { kind: "string" },
  shape: readonly number[],
  fortranOrder: boolean,
  label: string,
): string[] {
  const count = shape.reduce((a, b) => a * b, 1);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: string[] = new Array(count);
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const base = i * dtype.itemSize;
    // numpy pads with NULs and strips trailing NULs when reading; do the same.
    let len = dtype.chars;
    while (len > 0 && view.getUint32(base + (len - 1) * 4, dtype.littleEndian) === 0) len--;
    codes.length = 0;
    for (let c = 0; c < len; c++) {
      const cp = view.getUint32(base + c * 4, dtype.littleEndian);
      if (cp > 0x10ffff) throw invalidUpload(`${label} element ${i} holds an invalid code point (${cp})`);
      codes.push(cp);
    }
    let s = "";
    for (let c = 0; c < codes.length; c += 8192) s += String.fromCodePoint(...codes.slice(c, c + 8192));
    out[i] = s;
  }
  return fortranOrder && shape.length > 1 ? fortranToRowMajor(out, new Array<string>(count), shape) : out;
}
