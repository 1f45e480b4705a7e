import { afterAll, describe, expect, it } from "vitest";
import { readSubmissionFile } from "@/lib/embeddings/read-submission-file";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, fixture } from "../embeddings/helpers/fixtures";
import { outcomeOf, scratchDir } from "./helpers";
import { float32Rows, unicodeBlock, writeLargeNpz } from "./write-large-npz";

// The scoring job's file reader puts every row where the in-memory validator puts it, for
// every layout numpy writes (float16/32/64, big-endian, Fortran order, shuffled, deflated).
describe("readSubmissionFile", () => {
  const scratch = scratchDir("read");
  afterAll(() => scratch.remove());

  it.each([
    ["valid_f32.npz", Float32Array],
    ["valid_f32_shuffled_compressed.npz", Float32Array],
    ["valid_f16.npz", Float32Array],
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
    expect(Array.from(got.queries)).toEqual(Array.from(want.queries));
    expect(Array.from(got.corpus)).toEqual(Array.from(want.corpus));
  });

  it("keeps each matrix's own precision when the dtypes differ (no widening copy)", async () => {
    const path = scratch.write("mixed.npz", fixture("mixed_dtypes.npz"));
    const want = validateSubmissionNpz(fixture("mixed_dtypes.npz"), benchmark);
    const got = await readSubmissionFile(path, benchmark, { maxBytes: 1 << 20 });
    expect(got.dtype).toBe("float64");
    expect(Array.from(got.queries)).toEqual(Array.from(want.queries));
    expect(Array.from(got.corpus)).toEqual(Array.from(want.corpus));
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
    for (let i = 0; i < 5; i++) expect(Array.from(got.corpus.subarray(i * dims, i * dims + dims))).toEqual(Array.from(stored.subarray((4 - i) * dims, (5 - i) * dims)));
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
