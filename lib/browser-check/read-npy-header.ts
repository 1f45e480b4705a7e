import { parseDescr, type NpyDtype } from "@/lib/embeddings/npy-dtype";
import { parseNpyHeader, type NpyHeader } from "@/lib/embeddings/npy-header";
import { FileProblem } from "./check-report";
import { u16, u32 } from "./read-blob";

// A .npy array's header, parsed from the first bytes of its zip entry with the server's own
// parsers (lib/embeddings), so the browser and the server word a problem the same way.
export interface NpyInfo {
  header: NpyHeader;
  dtype: NpyDtype;
  /** Where the array data starts, from the start of the .npy. */
  dataOffset: number;
  /** Elements (product of the shape) and the data bytes they need. */
  count: number;
  dataBytes: number;
}

/** Enough bytes for any header numpy writes (its own cap is 10 000 bytes). */
export const NPY_PREFIX_BYTES = 65536 + 12;

export function readNpyHeader(prefix: Uint8Array, label: string): NpyInfo {
  const magic = prefix.length >= 6 && prefix[0] === 0x93 && new TextDecoder("latin1").decode(prefix.subarray(1, 6)) === "NUMPY";
  if (prefix.length < 10 || !magic) throw new FileProblem(`${label} is not a .npy array (bad magic bytes)`);
  const major = prefix[6];
  if (major < 1 || major > 3) throw new FileProblem(`${label} uses unsupported .npy format version ${major}.${prefix[7]}`);
  const lenBytes = major === 1 ? 2 : 4;
  const headerLen = major === 1 ? u16(prefix, 8) : u32(prefix, 8);
  const dataOffset = 8 + lenBytes + headerLen;
  if (dataOffset > prefix.length) throw new FileProblem(`${label} is truncated inside its .npy header`);
  const text = new TextDecoder(major === 3 ? "utf-8" : "latin1").decode(prefix.subarray(8 + lenBytes, dataOffset));
  const header = parseNpyHeader(text, label);
  const dtype = parseDescr(header.descr, label);
  const count = header.shape.reduce((a, b) => a * b, 1);
  const dataBytes = count * dtype.itemSize;
  if (!Number.isSafeInteger(dataBytes)) throw new FileProblem(`${label} has an impossible shape (${header.shape.join(", ")})`);
  return { header, dtype, dataOffset, count, dataBytes };
}

// The strings of a 1-D numpy unicode array ('<U…' or '>U…'): UTF-32 code units padded with NULs.
export function decodeUnicodeArray(data: Uint8Array, chars: number, littleEndian: boolean, count: number, label: string): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const base = i * chars * 4;
    let len = chars;
    while (len > 0 && view.getUint32(base + (len - 1) * 4, littleEndian) === 0) len--;
    let s = "";
    for (let c = 0; c < len; c++) {
      const cp = view.getUint32(base + c * 4, littleEndian);
      if (cp > 0x10ffff) throw new FileProblem(`${label} element ${i} holds an invalid code point (${cp})`);
      s += String.fromCodePoint(cp);
    }
    out[i] = s;
  }
  return out;
}
