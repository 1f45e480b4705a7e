import { afterAll, describe, expect, it } from "vitest";
import { bytesSource } from "@/lib/embeddings/byte-source";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { readSubmissionMatrices } from "@/lib/embeddings/read-submission-matrices";
import { storedRows, type StoredMatrix } from "@/lib/embeddings/row-reader";
import { readSubmissionFile } from "@/lib/embeddings/server-readers";
import { webCodec } from "@/lib/embeddings/web-codec";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, expectedNpz, fixture, floats } from "../helpers/fixtures";
import { outcomeOf, scratchDir } from "./helpers";
import { float32Rows, unicodeBlock, writeLargeNpz } from "./write-large-npz";

// The scoring job's read puts every row where numpy's ids say it belongs, with numpy's exact
// values, for every layout numpy writes (float16/32/64, big-endian, Fortran order, shuffled,
// deflated), from a file on disk or from bytes in memory.
// A stored matrix's values as numbers, row by row as the ranking reads them.
function values(m: StoredMatrix, dims: number): number[] {
  const rows = storedRows(m, dims);
  return Array.from({ length: rows.rows }, (_, r) => Array.from(rows.row(r))).flat();
}

/** numpy's matrix for `file`, with rows put in the benchmark's id order. */
function numpyRows(file: string, matrix: "query_embeddings" | "corpus_embeddings"): number[] {
  const want = expectedNpz(file);
  const ids = want[matrix === "query_embeddings" ? "query_ids" : "corpus_ids"].values as string[];
  const order = matrix === "query_embeddings" ? benchmark.queryIds : benchmark.corpusIds;
  const values = floats(want[matrix]);
  const d = want[matrix].shape[1];
  return order.flatMap((id) => values.slice(ids.indexOf(id) * d, ids.indexOf(id) * d + d));
}

describe("readSubmissionFile", () => {
  const scratch = scratchDir("read");
  afterAll(() => scratch.remove());

  it.each([
    ["valid_f32.npz", Float32Array],
    ["valid_f32_shuffled_compressed.npz", Float32Array],
    ["valid_f16.npz", Uint16Array],
    ["valid_f64.npz", Float64Array],
    ["valid_big_endian.npz", Float32Array],
    ["valid_fortran.npz", Float64Array],
    ["valid_extra_arrays.npz", Float32Array],
  ])("%s: numpy's matrices, in benchmark order", async (name, Ctor) => {
    const path = scratch.write(name, fixture(name));
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.dims).toBe(4);
    expect(got.dtype).toBe({ Float32Array: "float32", Uint16Array: "float16", Float64Array: "float64" }[Ctor.name]);
    expect(got.queries).toBeInstanceOf(Ctor);
    expect(values(got.queries, got.dims)).toEqual(numpyRows(name, "query_embeddings"));
    expect(values(got.corpus, got.dims)).toEqual(numpyRows(name, "corpus_embeddings"));
  });

  it("really reorders shuffled rows", async () => {
    expect(expectedNpz("valid_f32_shuffled_compressed.npz").query_ids.values).toEqual(["q3", "q1", "q2"]);
    const inOrder = await readSubmissionFile(scratch.write("in-order.npz", fixture("valid_f32.npz")), benchmark, { maxBytes: 1 << 20 });
    const shuffled = await readSubmissionFile(scratch.write("shuffled.npz", fixture("valid_f32_shuffled_compressed.npz")), benchmark, { maxBytes: 1 << 20 });
    expect(Array.from(shuffled.queries)).toEqual(Array.from(inOrder.queries));
    expect(Array.from(shuffled.corpus)).toEqual(Array.from(inOrder.corpus));
  });

  it.each([["Node's zlib", nodeCodec], ["the web codec", webCodec]] as const)("reads bytes in memory with %s alike, leaving them untouched", async (_, codec) => {
    const buf = Buffer.from(fixture("valid_f32_shuffled_compressed.npz"));
    const before = Buffer.from(buf);
    const got = await readSubmissionMatrices(bytesSource(buf), benchmark, { maxBytes: 1 << 20, codec });
    expect(values(got.queries, got.dims)).toEqual(numpyRows("valid_f32_shuffled_compressed.npz", "query_embeddings"));
    expect(values(got.corpus, got.dims)).toEqual(numpyRows("valid_f32_shuffled_compressed.npz", "corpus_embeddings"));
    expect(buf.equals(before)).toBe(true);
  });

  it("keeps float16 at 16 bits: the job holds 2 bytes a value, widened exactly one row at a time", async () => {
    const path = scratch.write("f16.npz", fixture("valid_f16.npz"));
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.queries.byteLength).toBe(got.queries.length * 2);
    const rows = storedRows(got.corpus, got.dims);
    const want = numpyRows("valid_f16.npz", "corpus_embeddings");
    for (let r = 0; r < rows.rows; r++) expect(Array.from(rows.row(r))).toEqual(want.slice(r * got.dims, (r + 1) * got.dims));
  });

  it("keeps each matrix's own precision when the dtypes differ (no widening copy)", async () => {
    const path = scratch.write("mixed.npz", fixture("mixed_dtypes.npz"));
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.dtype).toBe("float64");
    expect([got.queries.constructor.name, got.corpus.constructor.name].sort()).toEqual(["Float64Array", "Uint16Array"]); // float16 queries, float64 corpus
    expect(values(got.queries, got.dims)).toEqual(numpyRows("mixed_dtypes.npz", "query_embeddings"));
    expect(values(got.corpus, got.dims)).toEqual(numpyRows("mixed_dtypes.npz", "corpus_embeddings"));
  });

  it("reads a zip64 archive written block by block, rows reordered by id", async () => {
    const dims = 3;
    const corpusOrder = [...benchmark.corpusIds].reverse();
    const path = scratch.dir + "/zip64.npz";
    await writeLargeNpz(path, [
      { name: "query_ids", descr: "<U2", shape: [3], blocks: () => [unicodeBlock(benchmark.queryIds, 2)] },
      { name: "corpus_ids", descr: "<U2", shape: [5], blocks: () => [unicodeBlock(corpusOrder, 2)] },
      { name: "query_embeddings", descr: "<f4", shape: [3, dims], blocks: () => float32Rows(3, dims, 1, 2) },
      { name: "corpus_embeddings", descr: "<f4", shape: [5, dims], blocks: () => float32Rows(5, dims, 2, 2) },
    ]);
    const copies: Buffer[] = [];
    for (const block of float32Rows(5, dims, 2, 2)) copies.push(Buffer.from(block)); // blocks reuse one buffer
    const stored = new Float32Array(new Uint8Array(Buffer.concat(copies)).buffer);
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    // Benchmark row i is submitted row 4 - i.
    const corpus = storedRows(got.corpus, dims);
    for (let i = 0; i < 5; i++) expect(Array.from(corpus.row(i))).toEqual(Array.from(stored.subarray((4 - i) * dims, (5 - i) * dims)));
  });

  it("refuses a file whose ids no longer match the benchmark, naming them", async () => {
    const path = scratch.write(
      "wrong.npz",
      writeNpz({
        query_embeddings: { data: new Float32Array(12).fill(1), shape: [3, 4] },
        corpus_embeddings: { data: new Float32Array(20).fill(1), shape: [5, 4] },
        query_ids: ["q1", "q2", "qX"],
        corpus_ids: benchmark.corpusIds,
      }),
    );
    const out = await outcomeOf(() => readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 }));
    expect(out).toMatchObject({ ok: false, code: "INVALID_UPLOAD", message: expect.stringContaining('"qX"') });
  });
});
