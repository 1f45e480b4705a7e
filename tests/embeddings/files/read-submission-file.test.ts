import { afterAll, describe, expect, it } from "vitest";
import { readSubmissionFile } from "@/lib/embeddings/read-submission-file";
import { storedRows, type StoredMatrix } from "@/lib/embeddings/row-reader";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, fixture } from "../helpers/fixtures";
import { outcomeOf, scratchDir } from "./helpers";
import { float32Rows, unicodeBlock, writeLargeNpz } from "./write-large-npz";

// The scoring job's file reader puts every row where the in-memory validator puts it, for
// every layout numpy writes (float16/32/64, big-endian, Fortran order, shuffled, deflated).
// A stored matrix's values as numbers, row by row as the ranking reads them.
function values(m: StoredMatrix, dims: number): number[] {
  const rows = storedRows(m, dims);
  return Array.from({ length: rows.rows }, (_, r) => Array.from(rows.row(r))).flat();
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
  ])("%s: the same matrices, in benchmark order, as validateSubmissionNpz", async (name, Ctor) => {
    const path = scratch.write(name, fixture(name));
    const want = validateSubmissionNpz(fixture(name), benchmark);
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.dims).toBe(want.dims);
    expect(got.dtype).toBe(want.dtype);
    expect(got.queries).toBeInstanceOf(Ctor);
    expect(values(got.queries, got.dims)).toEqual(Array.from(want.queries));
    expect(values(got.corpus, got.dims)).toEqual(Array.from(want.corpus));
  });

  it("keeps float16 at 16 bits: the job holds 2 bytes a value, widened exactly one row at a time", async () => {
    const path = scratch.write("f16.npz", fixture("valid_f16.npz"));
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.queries.byteLength).toBe(got.queries.length * 2);
    const rows = storedRows(got.corpus, got.dims);
    const want = validateSubmissionNpz(fixture("valid_f16.npz"), benchmark);
    for (let r = 0; r < rows.rows; r++) expect(Array.from(rows.row(r))).toEqual(Array.from(want.corpus.subarray(r * got.dims, (r + 1) * got.dims)));
  });

  it("keeps each matrix's own precision when the dtypes differ (no widening copy)", async () => {
    const path = scratch.write("mixed.npz", fixture("mixed_dtypes.npz"));
    const want = validateSubmissionNpz(fixture("mixed_dtypes.npz"), benchmark);
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.dtype).toBe("float64");
    expect(values(got.queries, got.dims)).toEqual(Array.from(want.queries));
    expect(values(got.corpus, got.dims)).toEqual(Array.from(want.corpus));
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
