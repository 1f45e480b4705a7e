// Opens a submission .npz for ranking WITHOUT decoding the embedding matrices into new arrays:
// each matrix is read row by row straight from the uploaded bytes (a view when the bytes are
// little-endian and aligned; otherwise one row is copied, byte-swapped or widened at a time),
// and rows are visited in the benchmark's order through the id permutation. A scoring job
// therefore holds the upload plus a few MiB, not a second copy of the matrices (a deflated
// archive costs its inflated arrays once). The upload was fully validated when it arrived;
// the structural checks are repeated here, values are checked again while ranking.
import { halfToNumber } from "@/lib/embeddings/half-float";
import { invalidUpload } from "@/lib/embeddings/invalid-upload";
import { parseNpy } from "@/lib/embeddings/npy";
import { parseDescr } from "@/lib/embeddings/npy-dtype";
import { parseNpyHeader } from "@/lib/embeddings/npy-header";
import { matchIds } from "@/lib/embeddings/submission-ids";
import { listZipEntries, type ZipEntry } from "@/lib/embeddings/zip-directory";
import zlib from "node:zlib";
import { crc32 } from "@/lib/embeddings/crc32";
import { extractZipEntry } from "@/lib/embeddings/zip-extract";
import type { RowReader } from "./row-reader";

export interface SubmissionRows {
  dims: number;
  dtype: "float16" | "float32" | "float64";
  /** Rows in expected.queryIds / expected.corpusIds order. */
  queries: RowReader;
  corpus: RowReader;
}

const MAGIC = Buffer.from("\x93NUMPY", "latin1");
const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const WANTED = ["query_embeddings", "corpus_embeddings", "query_ids", "corpus_ids"] as const;

interface FloatNpy {
  itemSize: 2 | 4 | 8;
  littleEndian: boolean;
  fortran: boolean;
  shape: number[];
  data: Buffer;
}

// The .npy header, as lib/embeddings/npy.ts reads it, without touching the data.
function floatNpy(bytes: Buffer, label: string): FloatNpy {
  if (bytes.length < 10 || !bytes.subarray(0, 6).equals(MAGIC)) throw invalidUpload(`${label} is not a .npy array (bad magic bytes)`);
  const major = bytes[6];
  if (major < 1 || major > 3) throw invalidUpload(`${label} uses unsupported .npy format version ${major}.${bytes[7]}`);
  const lenBytes = major === 1 ? 2 : 4;
  const headerLen = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const dataStart = 8 + lenBytes + headerLen;
  if (dataStart > bytes.length) throw invalidUpload(`${label} is truncated inside the .npy header`);
  const header = parseNpyHeader(bytes.subarray(8 + lenBytes, dataStart).toString(major === 3 ? "utf8" : "latin1"), label);
  const dtype = parseDescr(header.descr, label);
  if (dtype.kind !== "float") throw invalidUpload(`${label} must be a float16, float32 or float64 array; got dtype '${header.descr}'`);
  if (header.shape.length !== 2) throw invalidUpload(`${label} must be 2-D (rows × dimensions); got shape (${header.shape.join(", ")})`);
  const data = bytes.subarray(dataStart);
  if (data.length !== header.shape[0] * header.shape[1] * dtype.itemSize) {
    throw invalidUpload(`${label} holds ${data.length} bytes of data; shape (${header.shape.join(", ")}) needs ${header.shape[0] * header.shape[1] * dtype.itemSize}`);
  }
  return { itemSize: dtype.itemSize, littleEndian: dtype.littleEndian, fortran: header.fortranOrder, shape: header.shape, data };
}

/** Rows of `npy` in the order perm gives (perm[i] = stored row of output row i). */
function npyRows(npy: FloatNpy, perm: Int32Array): RowReader {
  const [rows, dims] = npy.shape, size = npy.itemSize, data = npy.data;
  const out = size === 8 ? new Float64Array(dims) : new Float32Array(dims);
  const outBytes = new Uint8Array(out.buffer);
  const native = npy.littleEndian === HOST_LE && !npy.fortran && size !== 2;
  if (native && data.byteOffset % size === 0) {
    // Aligned, native order: rows are views of the upload.
    const all = size === 8 ? new Float64Array(data.buffer, data.byteOffset, rows * dims) : new Float32Array(data.buffer, data.byteOffset, rows * dims);
    return { rows: perm.length, dims, row: (r) => all.subarray(perm[r] * dims, (perm[r] + 1) * dims) };
  }
  if (native) {
    // Misaligned: one row's bytes copied into an aligned scratch row.
    const rowBytes = dims * size;
    return {
      rows: perm.length,
      dims,
      row: (r) => {
        outBytes.set(data.subarray(perm[r] * rowBytes, (perm[r] + 1) * rowBytes));
        return out;
      },
    };
  }
  // Big-endian, float16 or column-major: element by element.
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const le = npy.littleEndian;
  const read = size === 8 ? (o: number) => view.getFloat64(o, le) : size === 4 ? (o: number) => view.getFloat32(o, le) : (o: number) => halfToNumber(view.getUint16(o, le));
  return {
    rows: perm.length,
    dims,
    row: (r) => {
      const s = perm[r];
      for (let t = 0; t < dims; t++) out[t] = read((npy.fortran ? s + t * rows : s * dims + t) * size);
      return out;
    },
  };
}

// Stored entries are views (extractZipEntry). A deflated entry is inflated into ONE buffer of
// its declared size: node's inflateRawSync otherwise collects 16 KiB chunks and concatenates
// them, briefly holding the array twice.
function extract(buffer: Buffer, entry: ZipEntry, maxBytes = 1024 * 1024 * 1024): Buffer {
  if (entry.method !== 8 || entry.uncompressedSize > maxBytes) return extractZipEntry(buffer, entry, maxBytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) return extractZipEntry(buffer, entry, maxBytes);
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) return extractZipEntry(buffer, entry, maxBytes);
  let out: Buffer;
  try {
    out = zlib.inflateRawSync(buffer.subarray(start, start + entry.compressedSize), { chunkSize: Math.max(64, entry.uncompressedSize + 1), maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch {
    return extractZipEntry(buffer, entry, maxBytes); // its refusal names the problem
  }
  if (out.length !== entry.uncompressedSize || crc32(out) !== entry.crc32) return extractZipEntry(buffer, entry, maxBytes);
  return out;
}

export function openSubmissionRows(buffer: Buffer, expected: { queryIds: readonly string[]; corpusIds: readonly string[] }, opts: { maxBytes?: number } = {}): SubmissionRows {
  const entries = new Map<string, ZipEntry>();
  for (const e of listZipEntries(buffer)) {
    const name = e.name.endsWith(".npy") ? e.name.slice(0, -4) : e.name;
    if (!(WANTED as readonly string[]).includes(name)) continue;
    if (entries.has(name)) throw invalidUpload(`.npz archive holds the array ${JSON.stringify(name)} twice`);
    entries.set(name, e);
  }
  const missing = WANTED.filter((n) => !entries.has(n));
  if (missing.length > 0) throw invalidUpload(`submission is missing required array${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`, { missing });
  const bytes = (name: string) => extract(buffer, entries.get(name)!, opts.maxBytes);
  const ids = (name: string) => {
    const a = parseNpy(bytes(name), { label: name, expect: "string" });
    if (a.kind !== "string" || a.shape.length !== 1) throw invalidUpload(`${name} must be a 1-D unicode string array`);
    return a.data;
  };
  const q = floatNpy(bytes("query_embeddings"), "query_embeddings");
  const c = floatNpy(bytes("corpus_embeddings"), "corpus_embeddings");
  const queryIds = ids("query_ids"), corpusIds = ids("corpus_ids");
  if (q.shape[0] !== queryIds.length) throw invalidUpload(`query_embeddings has ${q.shape[0]} rows but query_ids has ${queryIds.length} entries`);
  if (c.shape[0] !== corpusIds.length) throw invalidUpload(`corpus_embeddings has ${c.shape[0]} rows but corpus_ids has ${corpusIds.length} entries`);
  if (q.shape[1] !== c.shape[1] || q.shape[1] < 1) throw invalidUpload(`query_embeddings has ${q.shape[1]} columns but corpus_embeddings has ${c.shape[1]}; both must have the same dimension`);
  const widest = Math.max(q.itemSize, c.itemSize);
  return {
    dims: q.shape[1],
    dtype: widest === 8 ? "float64" : widest === 4 ? "float32" : "float16",
    queries: npyRows(q, matchIds("query_ids", queryIds, expected.queryIds)),
    corpus: npyRows(c, matchIds("corpus_ids", corpusIds, expected.corpusIds)),
  };
}
