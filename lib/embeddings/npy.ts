import { invalidUpload } from "./invalid-upload";
import { decodeNpyData } from "./npy-decode";
import { parseDescr } from "./npy-dtype";
import { parseNpyHeader } from "./npy-header";
import type { NpyArray } from "./npy-types";

// .npy layout: "\x93NUMPY", major, minor, header length (u16 for 1.x, u32 for 2.x/3.x),
// header dict (latin-1, or UTF-8 for 3.x), then the raw array data.
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
const MAGIC = Buffer.from("\x93NUMPY", "latin1");
// numpy caps headers at 10 000 bytes by default; a valid float/unicode header is ~100 bytes.
const MAX_HEADER_BYTES = 65536;

export interface ParseNpyOptions {
  /** Names the array in error messages, e.g. "query_ids". */
  label?: string;
  /** Refuse other kinds with a role-specific message, before any data is decoded. */
  expect?: "float" | "string";
}

const EXPECTED_TEXT = { float: "a float16, float32 or float64 array", string: "a unicode string array (numpy '<U…')" };

export function parseNpy(input: Uint8Array, opts: ParseNpyOptions = {}): NpyArray {
  const label = opts.label ?? "array";
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length < 10 || !buf.subarray(0, 6).equals(MAGIC)) {
    throw invalidUpload(`${label} is not a .npy array (bad magic bytes)`);
  }
  const major = buf[6];
  if (major < 1 || major > 3) throw invalidUpload(`${label} uses unsupported .npy format version ${major}.${buf[7]}`);
  const lenBytes = major === 1 ? 2 : 4;
  if (buf.length < 8 + lenBytes) throw invalidUpload(`${label} is truncated inside the .npy header`);
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  if (headerLen > MAX_HEADER_BYTES) throw invalidUpload(`${label} has an oversized .npy header (${headerLen} bytes)`);
  const dataStart = 8 + lenBytes + headerLen;
  if (dataStart > buf.length) throw invalidUpload(`${label} is truncated inside the .npy header`);

  const text = buf.subarray(8 + lenBytes, dataStart).toString(major === 3 ? "utf8" : "latin1");
  const header = parseNpyHeader(text, label);
  const dtype = parseDescr(header.descr, label);
  if (opts.expect && dtype.kind !== opts.expect) {
    throw invalidUpload(`${label} must be ${EXPECTED_TEXT[opts.expect]}; got dtype '${header.descr}'`);
  }
  if (dtype.kind === "unsupported") {
    throw invalidUpload(
      `${label} has unsupported dtype '${header.descr}'; only float16/float32/float64 and unicode string arrays are accepted`,
    );
  }
  const count = header.shape.reduce((a, b) => a * b, 1);
  const expected = count * dtype.itemSize;
  if (!Number.isSafeInteger(expected)) throw invalidUpload(`${label} has an impossible shape (${header.shape})`);

  const data = buf.subarray(dataStart);
  if (data.length < expected) {
    throw invalidUpload(
      `${label} is truncated: shape (${header.shape.join(", ")}) needs ${expected} bytes of data, found ${data.length}`,
    );
  }
  if (data.length > expected) {
    throw invalidUpload(
      `${label} has ${data.length - expected} unexpected bytes after its data for shape (${header.shape.join(", ")})`,
    );
  }
  return decodeNpyData(data, dtype, header.shape, header.fortranOrder, label);
}
