import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { validateSubmissionBytes } from "@/lib/embeddings/server-readers";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, fixture } from "./helpers/fixtures";

// The server's check of a multipart upload (the file in memory): what it accepts, and every
// refusal's message. Rows in benchmark order are the scoring read's (files/read-submission-file.test.ts).
async function refusal(file: string | Buffer, opts?: { maxBytes?: number }): Promise<AppError> {
  const buf = typeof file === "string" ? fixture(file) : file;
  try {
    await validateSubmissionBytes(buf, benchmark, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_UPLOAD");
    return e as AppError;
  }
  throw new Error("expected a refusal");
}

describe("validateSubmissionBytes accepts", () => {
  it.each([
    ["valid_f32.npz", "float32"],
    ["valid_f32_shuffled_compressed.npz", "float32"],
    ["valid_f16.npz", "float16"],
    ["valid_f64.npz", "float64"],
    ["valid_big_endian.npz", "float32"],
    ["valid_fortran.npz", "float64"],
    ["valid_extra_arrays.npz", "float32"],
  ])("%s as %s", async (file, dtype) => {
    expect(await validateSubmissionBytes(fixture(file), benchmark)).toEqual({ dims: 4, dtype, queryCount: 3, corpusCount: 5 });
  });

  it("names the more precise dtype when the two matrices differ", async () => {
    expect((await validateSubmissionBytes(fixture("mixed_dtypes.npz"), benchmark)).dtype).toBe("float64");
  });

  it("rows of values so small their squares underflow (1e-300): they have a direction, so they are not zero-norm", async () => {
    const tiny = writeNpz({
      query_embeddings: { data: new Float64Array([1, 0, 0, 1, 1, 1]).map((v) => v * 1e-300), shape: [3, 2] },
      corpus_embeddings: { data: Float64Array.from({ length: 10 }, (_, i) => (i + 1) * 1e-300), shape: [5, 2] },
      query_ids: benchmark.queryIds,
      corpus_ids: benchmark.corpusIds,
    });
    expect(await validateSubmissionBytes(tiny, benchmark)).toEqual({ dims: 2, dtype: "float64", queryCount: 3, corpusCount: 5 });
    // A row of signed zeros is still zero.
    const zero = writeNpz({
      query_embeddings: { data: new Float64Array([1, 0, -0, -0, 1, 1]), shape: [3, 2] },
      corpus_embeddings: { data: Float64Array.from({ length: 10 }, (_, i) => i + 1), shape: [5, 2] },
      query_ids: benchmark.queryIds,
      corpus_ids: benchmark.corpusIds,
    });
    expect((await refusal(zero)).message).toBe(`query_embeddings has 1 zero-norm row (cosine similarity is undefined): ${JSON.stringify(benchmark.queryIds[1])}`);
  });

  it("leaves the upload's bytes as they were", async () => {
    const buf = writeNpz({
      query_embeddings: { data: new Float32Array([1, 0, 0, 1, 1, 1]), shape: [3, 2] },
      corpus_embeddings: { data: Float32Array.from({ length: 10 }, (_, i) => i + 1), shape: [5, 2] },
      query_ids: ["q3", "q2", "q1"],
      corpus_ids: benchmark.corpusIds,
    });
    const before = Buffer.from(buf);
    await validateSubmissionBytes(buf, benchmark);
    expect(buf.equals(before)).toBe(true);
  });
});

describe("validateSubmissionBytes refuses", () => {
  it.each([
    ["missing_array.npz", "submission is missing required array: corpus_ids"],
    ["wrong_rows.npz", "corpus_embeddings has 4 rows but corpus_ids has 5 entries"],
    ["mismatched_d.npz", "query_embeddings has 4 columns but corpus_embeddings has 3; both must have the same dimension"],
    ["one_d_embedding.npz", "query_embeddings must be 2-D (rows × dimensions); got shape (12,)"],
    ["int_matrix.npz", "corpus_embeddings must be a float16, float32 or float64 array; got dtype '<i8'"],
    ["duplicate_ids.npz", 'corpus_ids contains 1 duplicated id: "c2" (×2)'],
    ["wrong_ids.npz", `query_ids does not match the benchmark's ids: 1 missing ("q3"); 1 unexpected ("qX")`],
    ["nan.npz", 'corpus_embeddings has 1 non-finite value; the first is NaN at row 2 (id "c3"), column 1'],
    ["inf.npz", 'query_embeddings has 1 non-finite value; the first is -Infinity at row 1 (id "q2"), column 3'],
    ["zero_norm.npz", 'corpus_embeddings has 2 zero-norm rows (cosine similarity is undefined): "c2", "c4"'],
  ])("%s: %s", async (file, message) => {
    expect((await refusal(file)).message).toBe(message);
  });

  it("pickled object ids", async () => {
    expect((await refusal("ids_object.npz")).message).toMatch(/^query_ids is an object array .*pickled object arrays are not accepted/);
  });

  it("byte-string ids", async () => {
    expect((await refusal("bytes_ids.npz")).message).toMatch(/^query_ids is a byte-string array/);
  });

  it("names every missing array", async () => {
    const buf = writeNpz({ query_ids: benchmark.queryIds });
    const e = await refusal(buf);
    expect(e.message).toBe("submission is missing required arrays: query_embeddings, corpus_embeddings, corpus_ids");
    expect(e.details).toEqual({ missing: ["query_embeddings", "corpus_embeddings", "corpus_ids"] });
  });

  it("lists at most 5 missing and unexpected ids, with counts", async () => {
    const corpusIds = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const submitted = corpusIds.slice(7).concat(["x1", "x2", "x3", "x4", "x5", "x6", "x7"]);
    const buf = writeNpz({
      query_embeddings: { data: new Float32Array(3).fill(1), shape: [3, 1] },
      corpus_embeddings: { data: new Float32Array(20).fill(1), shape: [20, 1] },
      query_ids: benchmark.queryIds,
      corpus_ids: submitted,
    });
    let err: AppError | undefined;
    try {
      await validateSubmissionBytes(buf, { queryIds: benchmark.queryIds, corpusIds });
    } catch (e) {
      err = e as AppError;
    }
    expect(err?.message).toBe(
      `corpus_ids does not match the benchmark's ids: 7 missing ("c0", "c1", "c2", "c3", "c4", …); ` +
        `7 unexpected ("x1", "x2", "x3", "x4", "x5", …)`,
    );
    expect(err?.details).toEqual({
      missing: ["c0", "c1", "c2", "c3", "c4"],
      missingCount: 7,
      unexpected: ["x1", "x2", "x3", "x4", "x5"],
      unexpectedCount: 7,
    });
  });

  it("zero-dimensional embeddings and ids of the wrong rank", async () => {
    const base = {
      query_ids: benchmark.queryIds,
      corpus_ids: benchmark.corpusIds,
    };
    const zeroD = writeNpz({
      ...base,
      query_embeddings: { data: new Float32Array(0), shape: [3, 0] },
      corpus_embeddings: { data: new Float32Array(0), shape: [5, 0] },
    });
    expect((await refusal(zeroD)).message).toBe("embeddings have 0 columns; at least 1 dimension is required");
    const ids2d = writeNpz({
      ...base,
      query_ids: { data: benchmark.queryIds, shape: [3, 1] },
      query_embeddings: { data: new Float32Array(3).fill(1), shape: [3, 1] },
      corpus_embeddings: { data: new Float32Array(5).fill(1), shape: [5, 1] },
    });
    expect((await refusal(ids2d)).message).toBe("query_ids must be 1-D; got shape (3, 1)");
    const floatIds = writeNpz({
      ...base,
      corpus_ids: { data: new Float32Array(5), shape: [5] },
      query_embeddings: { data: new Float32Array(3).fill(1), shape: [3, 1] },
      corpus_embeddings: { data: new Float32Array(5).fill(1), shape: [5, 1] },
    });
    expect((await refusal(floatIds)).message).toBe("corpus_ids must be a unicode string array (numpy '<U…'); got dtype '<f4'");
  });

  it("archives over maxBytes, and non-zip uploads", async () => {
    expect((await refusal("valid_f32.npz", { maxBytes: 500 })).message).toMatch(/more than the limit of 500 bytes/);
    expect((await refusal("plain_f32.npy")).message).toMatch(/^not a zip archive/);
  });
});
