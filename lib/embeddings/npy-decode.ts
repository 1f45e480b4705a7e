import { fortranToRowMajor } from "./fortran-order";
import { decodeFloat16 } from "./half-float";
import { invalidUpload } from "./invalid-upload";
import type { SupportedDtype } from "./npy-dtype";
import type { NpyArray } from "./npy-types";

// Turns the raw data bytes into typed arrays. A little-endian, suitably aligned float32/float64
// block is viewed in place (no copy); anything else costs exactly one copy.
const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function alignedCopy(bytes: Uint8Array, swapWidth: 0 | 4 | 8): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const view = Buffer.from(copy.buffer, 0, copy.length);
  if (swapWidth === 4) view.swap32();
  if (swapWidth === 8) view.swap64();
  return copy.buffer;
}

function decodeFloats(
  bytes: Uint8Array,
  dtype: SupportedDtype & { kind: "float" },
  count: number,
): Float32Array | Float64Array {
  if (dtype.itemSize === 2) return decodeFloat16(bytes, dtype.littleEndian);
  const size = dtype.itemSize;
  const inPlace = dtype.littleEndian === HOST_LE && bytes.byteOffset % size === 0;
  const buffer = inPlace ? bytes.buffer : alignedCopy(bytes, dtype.littleEndian === HOST_LE ? 0 : size);
  const offset = inPlace ? bytes.byteOffset : 0;
  return size === 4 ? new Float32Array(buffer, offset, count) : new Float64Array(buffer, offset, count);
}

function decodeStrings(bytes: Uint8Array, dtype: SupportedDtype & { kind: "string" }, count: number, label: string) {
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
  return out;
}

export function decodeNpyData(
  bytes: Uint8Array,
  dtype: SupportedDtype,
  shape: number[],
  fortranOrder: boolean,
  label: string,
): NpyArray {
  const count = shape.reduce((a, b) => a * b, 1);
  const transpose = fortranOrder && shape.length > 1;
  if (dtype.kind === "string") {
    const data = decodeStrings(bytes, dtype, count, label);
    return { kind: "string", shape, data: transpose ? fortranToRowMajor(data, new Array<string>(count), shape) : data };
  }
  const raw = decodeFloats(bytes, dtype, count);
  if (raw instanceof Float64Array) {
    const data = transpose ? fortranToRowMajor(raw, new Float64Array(count), shape) : raw;
    return { kind: "float", dtype: "float64", shape, data };
  }
  const data = transpose ? fortranToRowMajor(raw, new Float32Array(count), shape) : raw;
  return { kind: "float", dtype: dtype.itemSize === 2 ? "float16" : "float32", shape, data };
}
