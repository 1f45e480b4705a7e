import type { ByteSource } from "./byte-source";
import { concatBytes } from "./bytes";
import { FloatChunkDecoder } from "./float-chunks";
import { invalidUpload } from "./invalid-upload";
import { dataLengthProblem, MAX_PREAMBLE_BYTES, readNpyPreamble, type NpyPreamble } from "./npy-preamble";
import { decodeUnicodeArray } from "./npy-strings";
import type { BlockSink } from "./row-runs";
import type { ZipEntry } from "./zip-directory";
import { entryChunks, type EntryReadOptions } from "./zip-entry-stream";

// One array of an .npz (a "<name>.npy" entry), streamed: string arrays (ids) are decoded whole
// (they are small), float arrays are handed block by block to a consumer and never held.
// Zip-level refusals (sizes, CRC, zip bombs) stop the read at once; a refusal of the .npy
// content is kept in `error` and the entry is still read to its end, so that every entry's
// zip-level checks come first and raiseArrayErrors then names the first array's problem.
export interface NpzArray {
  name: string;
  entry: ZipEntry;
  preamble?: NpyPreamble;
  /** Decoded string data (string arrays only). */
  strings?: string[];
  error?: unknown;
}

export interface ReadArrayOptions extends EntryReadOptions {
  /** Required kind per array name, refused with a role-specific message. */
  expect: Readonly<Record<string, "float" | "string">>;
  /** A float array's values go here once its preamble is known; null skips decoding. */
  onFloatArray?: (array: NpzArray, preamble: NpyPreamble) => BlockSink | null;
  /** float16 values reach the sink as bit patterns (HalfBitsBlock) instead of widened. */
  halves?: "widen" | "bits";
  /** Told the length of each uncompressed chunk as it is read (progress). */
  onChunk?: (bytes: number) => void;
}

// Ids are decoded in memory; a benchmark's ids take a few MiB at most.
const MAX_STRING_ARRAY_BYTES = 256 * 1024 * 1024;

export function arrayName(entryName: string): string {
  return entryName.endsWith(".npy") ? entryName.slice(0, -4) : entryName;
}

export async function readNpzArray(source: ByteSource, entry: ZipEntry, opts: ReadArrayOptions): Promise<NpzArray> {
  const array: NpzArray = { name: arrayName(entry.name), entry };
  const label = array.name;
  const expect = opts.expect[array.name];
  let head: Uint8Array | null = new Uint8Array(0);
  let dataSeen = 0;
  const strings: Uint8Array[] = [];
  let decoder: FloatChunkDecoder | null = null;

  const takeData = (bytes: Uint8Array) => {
    const p = array.preamble!;
    const useful = bytes.subarray(0, Math.max(0, Math.min(bytes.length, p.dataBytes - dataSeen)));
    dataSeen += bytes.length;
    if (useful.length === 0) return;
    if (p.dtype.kind === "string") strings.push(useful.slice());
    else decoder?.push(useful);
  };
  const start = (p: NpyPreamble) => {
    array.preamble = p;
    if (p.dtype.kind === "string" && p.dataBytes > MAX_STRING_ARRAY_BYTES) {
      throw invalidUpload(`${label} holds ${p.dataBytes} bytes of strings, more than the ${MAX_STRING_ARRAY_BYTES} bytes allowed for ids`);
    }
    const sink = p.dtype.kind === "float" ? opts.onFloatArray?.(array, p) : null;
    if (sink && p.dtype.kind === "float") decoder = new FloatChunkDecoder(p.dtype.itemSize, p.dtype.littleEndian, sink, opts.halves);
  };

  for await (const chunk of entryChunks(source, entry, opts)) {
    opts.onChunk?.(chunk.length);
    if (array.error) continue; // keep reading: the entry's zip-level checks still apply
    try {
      if (head) {
        head = concatBytes([head, chunk]);
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
    if (p.dtype.kind === "string") array.strings = decodeUnicodeArray(concatBytes(strings), p.dtype, p.header.shape, p.header.fortranOrder, label);
  } catch (e) {
    array.error = e;
  }
  return array;
}

/** Raises the first refusal among these arrays (in directory order); `at` is told each array checked. */
export function raiseArrayErrors(arrays: readonly NpzArray[], at?: (array: string) => void): void {
  const seen = new Set<string>();
  for (const a of arrays) {
    at?.(a.name);
    // "x" and "x.npy" would both map to "x"; numpy would silently pick one, we refuse.
    if (seen.has(a.name)) throw invalidUpload(`.npz archive holds the array ${JSON.stringify(a.name)} twice`);
    seen.add(a.name);
    if (a.error) throw a.error;
  }
}
