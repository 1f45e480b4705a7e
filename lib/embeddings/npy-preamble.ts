import { latin1, u16, u32, utf8 } from "./bytes";
import { invalidUpload } from "./invalid-upload";
import { parseDescr, type SupportedDtype } from "./npy-dtype";
import { parseNpyHeader, type NpyHeader } from "./npy-header";

// The part of a .npy before its data: "\x93NUMPY", major, minor, header length (u16 for 1.x,
// u32 for 2.x/3.x), header dict (latin-1, or UTF-8 for 3.x), checked and turned into a dtype
// and a byte count. The streaming reader (npz-array.ts) calls it as bytes arrive: with `final`
// false it answers null until it has seen the whole preamble.
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
// numpy caps headers at 10 000 bytes by default; a valid float/unicode header is ~100 bytes.
export const MAX_HEADER_BYTES = 65536;
/** Enough bytes to hold any preamble this reader accepts. */
export const MAX_PREAMBLE_BYTES = 12 + MAX_HEADER_BYTES;

export interface NpyPreamble {
  header: NpyHeader;
  dtype: SupportedDtype;
  /** Offset of the first data byte. */
  dataStart: number;
  /** Elements the shape holds, and the data bytes they need. */
  count: number;
  dataBytes: number;
}

const EXPECTED_TEXT = { float: "a float16, float32 or float64 array", string: "a unicode string array (numpy '<U…')" };

export function readNpyPreamble(buf: Uint8Array, label: string, expect?: "float" | "string", final = true): NpyPreamble | null {
  if (buf.length < 10 && !final) return null;
  if (buf.length < 10 || MAGIC.some((b, i) => buf[i] !== b)) {
    throw invalidUpload(`${label} is not a .npy array (bad magic bytes)`);
  }
  const major = buf[6];
  if (major < 1 || major > 3) throw invalidUpload(`${label} uses unsupported .npy format version ${major}.${buf[7]}`);
  const lenBytes = major === 1 ? 2 : 4;
  if (buf.length < 8 + lenBytes) {
    if (!final) return null;
    throw invalidUpload(`${label} is truncated inside the .npy header`);
  }
  const headerLen = major === 1 ? u16(buf, 8) : u32(buf, 8);
  if (headerLen > MAX_HEADER_BYTES) throw invalidUpload(`${label} has an oversized .npy header (${headerLen} bytes)`);
  const dataStart = 8 + lenBytes + headerLen;
  if (dataStart > buf.length) {
    if (!final) return null;
    throw invalidUpload(`${label} is truncated inside the .npy header`);
  }

  const raw = buf.subarray(8 + lenBytes, dataStart);
  const text = major === 3 ? utf8(raw) : latin1(raw);
  const header = parseNpyHeader(text, label);
  const dtype = parseDescr(header.descr, label);
  if (expect && dtype.kind !== expect) {
    throw invalidUpload(`${label} must be ${EXPECTED_TEXT[expect]}; got dtype '${header.descr}'`);
  }
  if (dtype.kind === "unsupported") {
    throw invalidUpload(
      `${label} has unsupported dtype '${header.descr}'; only float16/float32/float64 and unicode string arrays are accepted`,
    );
  }
  const count = header.shape.reduce((a, b) => a * b, 1);
  const dataBytes = count * dtype.itemSize;
  if (!Number.isSafeInteger(dataBytes)) throw invalidUpload(`${label} has an impossible shape (${header.shape})`);
  return { header, dtype, dataStart, count, dataBytes };
}

/** The refusal of a data section whose length does not fit the shape, or null when it fits. */
export function dataLengthProblem(label: string, p: NpyPreamble, found: number): Error | null {
  const shape = p.header.shape.join(", ");
  if (found < p.dataBytes) {
    return invalidUpload(`${label} is truncated: shape (${shape}) needs ${p.dataBytes} bytes of data, found ${found}`);
  }
  if (found > p.dataBytes) return invalidUpload(`${label} has ${found - p.dataBytes} unexpected bytes after its data for shape (${shape})`);
  return null;
}
