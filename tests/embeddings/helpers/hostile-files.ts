import zlib from "node:zlib";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark } from "./fixtures";
import { npyBytes } from "./npy-bytes";
import { buildZip, type TestEntry } from "./zip-builder";

// Files a vendor (or an attacker) might upload instead of a valid .npz, each built around the
// fixtures' benchmark (3 queries, 5 corpus snippets): every reader must refuse them alike.
const Q = benchmark.queryIds.length, C = benchmark.corpusIds.length;

const f32 = (values: number[]) => Buffer.from(new Float32Array(values).buffer);
const fill = (n: number, v = 0.5) => new Array<number>(n).fill(v);
const floatHeader = (descr: string, shape: number[], fortran = false) =>
  `{'descr': '${descr}', 'fortran_order': ${fortran ? "True" : "False"}, 'shape': (${shape.join(", ")}${shape.length === 1 ? "," : ""}), }`;
const ids = (list: string[], descr = "<U8") => npyBytes(floatHeader(descr, [list.length]), Buffer.concat(list.map((s) => { const b = Buffer.alloc(32); for (let i = 0; i < s.length; i++) b.writeUInt32LE(s.codePointAt(i)!, i * 4); return b; })));

/** A valid submission's four entries, any of which a case replaces. */
function entries(over: Partial<Record<"qe" | "ce" | "qi" | "ci", TestEntry | null>> = {}, extra: TestEntry[] = []): Buffer {
  const base: Record<string, TestEntry> = {
    qe: { name: "query_embeddings.npy", data: npyBytes(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4, 0.25))) },
    ce: { name: "corpus_embeddings.npy", data: npyBytes(floatHeader("<f4", [C, 4]), f32(fill(C * 4))) },
    qi: { name: "query_ids.npy", data: ids(benchmark.queryIds) },
    ci: { name: "corpus_ids.npy", data: ids(benchmark.corpusIds) },
  };
  const list = (["qe", "ce", "qi", "ci"] as const).flatMap((k) => (over[k] === null ? [] : [over[k] ?? base[k]]));
  return buildZip([...list, ...extra]);
}
const qe = (header: string, data: Buffer, extra: Partial<TestEntry> = {}) => ({ qe: { name: "query_embeddings.npy", data: npyBytes(header, data), ...extra } });
const ce = (header: string, data: Buffer) => ({ ce: { name: "corpus_embeddings.npy", data: npyBytes(header, data) } });
const valid = writeNpz({
  query_embeddings: { data: new Float32Array(fill(Q * 4, 0.25)), shape: [Q, 4] },
  corpus_embeddings: { data: new Float32Array(fill(C * 4)), shape: [C, 4] },
  query_ids: benchmark.queryIds,
  corpus_ids: benchmark.corpusIds,
});

export const HOSTILE: [string, () => Buffer][] = [
  ["empty", () => Buffer.alloc(0)],
  ["ten bytes", () => Buffer.from("0123456789")],
  ["plain text", () => Buffer.from("query_embeddings,corpus_embeddings\n1,2\n".repeat(10))],
  ["a lone .npy", () => npyBytes(floatHeader("<f4", [1, 1]), f32([1]))],
  ["gzip", () => zlib.gzipSync(valid)],
  ["truncated to half", () => valid.subarray(0, valid.length >> 1)],
  ["truncated by one byte", () => valid.subarray(0, valid.length - 1)],
  ["local headers cut off", () => valid.subarray(200)],
  ["zip with no entries", () => buildZip([])],
  ["zip64 records", () => buildZip([{ name: "query_ids.npy", data: ids(benchmark.queryIds) }], { zip64: true })],
  ["valid zip64 submission", () => buildZip([
    { name: "query_embeddings.npy", data: npyBytes(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4, 0.25))), method: 8 },
    { name: "corpus_embeddings.npy", data: npyBytes(floatHeader("<f4", [C, 4]), f32(fill(C * 4))) },
    { name: "query_ids.npy", data: ids(benchmark.queryIds) },
    { name: "corpus_ids.npy", data: ids(benchmark.corpusIds), method: 8 },
  ], { zip64: true })],
  ["zip bomb: inflates past its declared size", () => entries({ ce: { name: "corpus_embeddings.npy", data: Buffer.alloc(8 * 1024 * 1024), method: 8, declaredSize: 1024 } })],
  ["declares 4 GB", () => entries({ ce: { name: "corpus_embeddings.npy", data: Buffer.alloc(16), declaredSize: 0xfffffff0 } })],
  ["declared total over the budget", () => entries()],
  ["path traversal", () => entries({}, [{ name: "../evil.npy", data: Buffer.from("x") }])],
  ["absolute name", () => entries({}, [{ name: "/etc/passwd", data: Buffer.from("x") }])],
  ["duplicate entry", () => entries({}, [{ name: "query_ids.npy", data: ids(benchmark.queryIds) }])],
  ["x and x.npy", () => entries({}, [{ name: "query_ids", data: ids(benchmark.queryIds) }])],
  ["encrypted", () => entries({ qi: { name: "query_ids.npy", data: ids(benchmark.queryIds), flags: 0x801 } })],
  ["method 12", () => entries({ qi: { name: "query_ids.npy", data: Buffer.from("BZh91AY&SY"), method: 12 } })],
  ["CRC mismatch", () => entries({ qi: { name: "query_ids.npy", data: ids(benchmark.queryIds), crc: 1234 } })],
  ["CRC mismatch after an npy error", () => entries({ ...qe("[1, 2]", f32([1])), ci: { name: "corpus_ids.npy", data: ids(benchmark.corpusIds), crc: 99 } })],
  ["deflated entry shorter than declared", () => entries({ qi: { name: "query_ids.npy", data: ids(benchmark.queryIds), method: 8, declaredSize: ids(benchmark.queryIds).length + 7 } })],
  ["stored sizes disagree", () => entries({ qi: { name: "query_ids.npy", data: ids(benchmark.queryIds), declaredSize: 5 } })],
  ["bad magic", () => entries({ qe: { name: "query_embeddings.npy", data: Buffer.from("NOTNUMPY" + "x".repeat(200)) } })],
  ["short npy", () => entries({ qe: { name: "query_embeddings.npy", data: Buffer.from("\x93NUMPY\x01", "latin1") } })],
  ["npy version 9", () => entries({ qe: { name: "query_embeddings.npy", data: npyBytes(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4)), [9, 0]) } })],
  ["npy version 2", () => entries({ qe: { name: "query_embeddings.npy", data: (() => { const b = npyBytes(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4, 0.25))); const v2 = Buffer.alloc(b.length + 2); b.copy(v2, 0, 0, 8); v2[6] = 2; v2.writeUInt32LE(b.readUInt16LE(8), 8); b.copy(v2, 12, 10); return v2; })() } })],
  ["header not a dict", () => entries(qe("[1, 2, 3]", f32([1])))],
  ["header code injection", () => entries(qe("{'descr': __import__('os').system('id'), 'fortran_order': False, 'shape': (1,), }", f32([1])))],
  ["header length beyond entry", () => entries({ qe: { name: "query_embeddings.npy", data: (() => { const b = npyBytes(floatHeader("<f4", [1, 1]), f32([1])); b.writeUInt16LE(65535, 8); return b; })() } })],
  ["oversized v2 header", () => entries({ qe: { name: "query_embeddings.npy", data: (() => { const b = Buffer.alloc(200); b.write("\x93NUMPY", 0, "latin1"); b[6] = 2; b.writeUInt32LE(70000, 8); return b; })() } })],
  ["int8", () => entries(qe(floatHeader("|i1", [Q, 4]), Buffer.alloc(Q * 4, 1)))],
  ["complex", () => entries(qe(floatHeader("<c8", [Q, 4]), Buffer.alloc(Q * 32)))],
  ["structured", () => entries(qe(`{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (${Q},), }`, f32(fill(Q))))],
  ["object ids", () => entries({ qi: { name: "query_ids.npy", data: npyBytes(floatHeader("|O", [Q]), Buffer.from("\x80\x04pickle", "latin1")) } })],
  ["byte-string ids", () => entries({ qi: { name: "query_ids.npy", data: npyBytes(floatHeader("|S2", [Q]), Buffer.from(benchmark.queryIds.join(""), "latin1")) } })],
  ["float ids", () => entries({ qi: { name: "query_ids.npy", data: npyBytes(floatHeader("<f4", [Q]), f32(fill(Q))) } })],
  ["string embeddings", () => entries({ ce: { name: "corpus_embeddings.npy", data: ids(benchmark.corpusIds) } })],
  ["invalid code point", () => entries({ qi: { name: "query_ids.npy", data: npyBytes(floatHeader("<U1", [Q]), Buffer.alloc(Q * 4, 0xff)) } })],
  ["negative shape", () => entries(qe(floatHeader("<f4", [-1, 4]), f32(fill(4))))],
  ["3-D", () => entries(qe(floatHeader("<f4", [Q, 2, 2]), f32(fill(Q * 4))))],
  ["1-D", () => entries(qe(floatHeader("<f4", [Q]), f32(fill(Q))))],
  ["data short by 3 bytes", () => entries(qe(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4)).subarray(3)))],
  ["data long by 5 bytes", () => entries(qe(floatHeader("<f4", [Q, 4]), Buffer.concat([f32(fill(Q * 4)), Buffer.alloc(5)])))],
  ["absurd shape", () => entries(qe(floatHeader("<f4", [99999999999, 99999999999]), f32([1])))],
  ["missing query_ids", () => entries({ qi: null })],
  ["missing everything but corpus_ids", () => entries({ qe: null, ce: null, qi: null })],
  ["rows ≠ ids", () => entries({ qi: { name: "query_ids.npy", data: ids(benchmark.queryIds.slice(1)) } })],
  ["d differs", () => entries(ce(floatHeader("<f4", [C, 5]), f32(fill(C * 5))))],
  ["zero columns", () => entries({ ...qe(floatHeader("<f4", [Q, 0]), Buffer.alloc(0)), ...ce(floatHeader("<f4", [C, 0]), Buffer.alloc(0)) })],
  ["zero rows", () => entries({ ...qe(floatHeader("<f4", [0, 4]), Buffer.alloc(0)), qi: { name: "query_ids.npy", data: ids([]) } })],
  ["duplicate ids", () => entries({ qi: { name: "query_ids.npy", data: ids([benchmark.queryIds[0], ...benchmark.queryIds.slice(0, -1)]) } })],
  ["unknown id", () => entries({ ci: { name: "corpus_ids.npy", data: ids(["nope", ...benchmark.corpusIds.slice(1)]) } })],
  ["NaN and Inf, row-major first", () => entries(qe(floatHeader("<f4", [Q, 4]), f32(fill(Q * 4).map((v, i) => (i === 9 ? NaN : i === 6 ? -Infinity : v)))))],
  ["Inf in a Fortran-order matrix", () => entries(qe(floatHeader("<f4", [Q, 4], true), f32(fill(Q * 4).map((v, i) => (i === 1 || i === 5 ? Infinity : v)))))],
  ["zero-norm rows", () => entries(ce(floatHeader("<f4", [C, 4]), f32(fill(C * 4).map((v, i) => (i < 4 || (i >= 12 && i < 16) ? 0 : v)))))],
  ["zero-norm row, Fortran order", () => entries(ce(floatHeader("<f8", [C, 4], true), Buffer.from(new Float64Array(fill(C * 4).map((v, i) => (i % C === 2 ? 0 : v))).buffer)))],
  ["float16 overflow", () => entries(qe(floatHeader("<f2", [Q, 4]), Buffer.alloc(Q * 8, 0x7c)))],
  ["big-endian float64, deflated", () => entries({ qe: { name: "query_embeddings.npy", data: npyBytes(floatHeader(">f8", [Q, 4]), Buffer.from(new Float64Array(fill(Q * 4, 0.3)).buffer).swap64()), method: 8 } })],
  ["odd-length entry boundaries (float16, deflated)", () => entries({ qe: { name: "query_embeddings.npy", data: npyBytes(floatHeader("<f2", [Q, 4]), Buffer.alloc(Q * 8, 0x3c)), method: 8 } })],
];

