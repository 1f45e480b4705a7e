import { FloatChunkDecoder, type FloatBlock, type HalfBitsBlock } from "./float-chunks";
import { invalidUpload } from "./invalid-upload";
import { decodeNpyData } from "./npy-decode";
import { dataLengthProblem, MAX_PREAMBLE_BYTES, readNpyPreamble, type NpyPreamble } from "./npy-preamble";
import type { NpyArray } from "./npy-types";
import { arrayName } from "./npz";
import type { ZipEntry } from "./zip-directory";
import { streamZipEntry, type ZipFile } from "./zip-file";

// The arrays of an .npz on disk, streamed entry by entry: string arrays (ids) are decoded whole
// (they are small), float arrays are handed block by block to a consumer and never held.
// Zip-level refusals (sizes, CRC, zip bombs) stop the read at once; refusals of an array's
// .npy content are kept and raised by raiseArrayErrors in the order readNpz would raise them
// (it extracts every entry before parsing any), so a file is refused with the same message
// whichever reader sees it.
export interface FileArray {
  name: string;
  entry: ZipEntry;
  preamble?: NpyPreamble;
  /** Decoded string data (string arrays only). */
  strings?: string[];
  error?: unknown;
}

export type BlockSink = (values: FloatBlock | HalfBitsBlock, firstIndex: number) => void;

export interface ReadFileArraysOptions {
  /** Required kind per array name, refused with a role-specific message. */
  expect: Readonly<Record<string, "float" | "string">>;
  /** Uncompressed bytes allowed for one entry. */
  maxBytes: number;
  /** A float array's values go here once its preamble is known; null skips decoding. */
  onFloatArray?: (array: FileArray, preamble: NpyPreamble) => BlockSink | null;
  /** float16 values reach the sink as bit patterns (HalfBitsBlock) instead of widened. */
  halves?: "widen" | "bits";
}

// Ids are decoded in memory; a benchmark's ids take a few MiB at most.
const MAX_STRING_ARRAY_BYTES = 256 * 1024 * 1024;

export async function readFileArray(zip: ZipFile, entry: ZipEntry, opts: ReadFileArraysOptions): Promise<FileArray> {
  const array: FileArray = { name: arrayName(entry.name), entry };
  const label = array.name;
  const expect = opts.expect[array.name];
  let head: Buffer | null = Buffer.alloc(0);
  let dataSeen = 0;
  const strings: Buffer[] = [];
  let sink: BlockSink | null = null;
  let decoder: FloatChunkDecoder | null = null;

  const takeData = (bytes: Buffer) => {
    const p = array.preamble!;
    const useful = bytes.subarray(0, Math.max(0, Math.min(bytes.length, p.dataBytes - dataSeen)));
    dataSeen += bytes.length;
    if (useful.length === 0) return;
    if (p.dtype.kind === "string") strings.push(Buffer.from(useful));
    else decoder?.push(useful);
  };
  const start = (p: NpyPreamble) => {
    array.preamble = p;
    if (p.dtype.kind === "string" && p.dataBytes > MAX_STRING_ARRAY_BYTES) {
      throw invalidUpload(`${label} holds ${p.dataBytes} bytes of strings, more than the ${MAX_STRING_ARRAY_BYTES} bytes allowed for ids`);
    }
    if (p.dtype.kind === "float") {
      sink = opts.onFloatArray?.(array, p) ?? null;
      if (sink) decoder = new FloatChunkDecoder(p.dtype.itemSize, p.dtype.littleEndian, sink, opts.halves);
    }
  };

  for await (const chunk of streamZipEntry(zip, entry, opts.maxBytes)) {
    if (array.error) continue; // keep reading: the entry's zip-level checks still apply
    try {
      if (head) {
        head = Buffer.concat([head, chunk]);
        const p = readNpyPreamble(head, label, expect, head.length >= MAX_PREAMBLE_BYTES);
        if (!p) continue;
        start(p);
        const rest = head.subarray(p.dataStart);
        head = null;
        takeData(rest);
      } else takeData(chunk);
    } catch (e) {
      array.error = e;
    }
  }
  if (array.error) return array;
  try {
    if (head) {
      const p = readNpyPreamble(head, label, expect, true)!;
      start(p);
      takeData(head.subarray(p.dataStart));
    }
    const p = array.preamble!;
    const problem = dataLengthProblem(label, p, dataSeen);
    if (problem) throw problem;
    if (p.dtype.kind === "string") {
      const decoded = decodeNpyData(Buffer.concat(strings), p.dtype, p.header.shape, p.header.fortranOrder, label);
      array.strings = decoded.kind === "string" ? decoded.data : [];
    }
  } catch (e) {
    array.error = e;
  }
  return array;
}

/** Raises the first refusal readNpz would raise for these arrays (given in directory order). */
export function raiseArrayErrors(arrays: readonly FileArray[]): void {
  const seen = new Set<string>();
  for (const a of arrays) {
    // "x" and "x.npy" would both map to "x"; numpy would silently pick one, we refuse.
    if (seen.has(a.name)) throw invalidUpload(`.npz archive holds the array ${JSON.stringify(a.name)} twice`);
    seen.add(a.name);
    if (a.error) throw a.error;
  }
}

/**
 * The array as pickSubmissionArrays sees it: kind, shape and (for strings) the data. A float
 * array's values were streamed, so its data is empty here; only its shape is inspected.
 */
export function arrayShell(a: FileArray): NpyArray {
  const p = a.preamble!;
  if (p.dtype.kind === "string") return { kind: "string", shape: p.header.shape, data: a.strings ?? [] };
  if (p.dtype.itemSize === 8) return { kind: "float", dtype: "float64", shape: p.header.shape, data: new Float64Array(0) };
  return { kind: "float", dtype: p.dtype.itemSize === 2 ? "float16" : "float32", shape: p.header.shape, data: new Float32Array(0) };
}

/**
 * Hands each streamed block of a 2-D array on as runs of one row's consecutive values:
 * `run(row, col, values, start, end)` covers values[start..end) = row `row`, columns col…
 * In C order a block yields about one run per row it touches; in Fortran order (rare: numpy
 * writes C order unless told otherwise) every value is a run of its own.
 */
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
