import { decodeNpyData } from "./npy-decode";
import { dataLengthProblem, readNpyPreamble } from "./npy-preamble";
import type { NpyArray } from "./npy-types";

// .npy layout: "\x93NUMPY", major, minor, header length (u16 for 1.x, u32 for 2.x/3.x),
// header dict (latin-1, or UTF-8 for 3.x), then the raw array data (npy-preamble.ts).
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
export interface ParseNpyOptions {
  /** Names the array in error messages, e.g. "query_ids". */
  label?: string;
  /** Refuse other kinds with a role-specific message, before any data is decoded. */
  expect?: "float" | "string";
}

export function parseNpy(input: Uint8Array, opts: ParseNpyOptions = {}): NpyArray {
  const label = opts.label ?? "array";
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const p = readNpyPreamble(buf, label, opts.expect)!;
  const data = buf.subarray(p.dataStart);
  const problem = dataLengthProblem(label, p, data.length);
  if (problem) throw problem;
  return decodeNpyData(data, p.dtype, p.header.shape, p.header.fortranOrder, label);
}
