import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, expectedNpz, fixture, floats } from "./helpers/fixtures";

function refusal(file: string | Buffer, opts?: { maxBytes?: number }): AppError {
  const buf = typeof file === "string" ? fixture(file) : file;
  try {
    validateSubmissionNpz(buf, benchmark, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_UPLOAD");
    return e as AppError;
  }
  throw new Error("expected a refusal");
}

/** numpy's matrix for `file`, with rows put in the benchmark's id order. */
function numpyRows(file: string, matrix: "query_embeddings" | "corpus_embeddings"): number[] {
  const want = expectedNpz(file);
  const idName = matrix === "query_embeddings" ? "query_ids" : "corpus_ids";
  const order = matrix === "query_embeddings" ? benchmark.queryIds : benchmark.corpusIds;
  const ids = want[idName].values as string[];
  const values = floats(want[matrix]);
  const d = want[matrix].shape[1];
  return order.flatMap((id) => values.slice(ids.indexOf(id) * d, ids.indexOf(id) * d + d));
}

describe("validateSubmissionNpz accepts", () => {
  it.each([
    ["valid_f32.npz", "float32", Float32Array],
    ["valid_f32_shuffled_compressed.npz", "float32", Float32Array],
    ["valid_f16.npz", "float16", Float32Array],
    ["valid_f64.npz", "float64", Float64Array],
    ["valid_big_endian.npz", "float32", Float32Array],
    ["valid_fortran.npz", "float64", Float64Array],
    ["valid_extra_arrays.npz", "float32", Float32Array],
  ])("%s as %s, rows in benchmark order", (file, dtype, Ctor) => {
    const out = validateSubmissionNpz(fixture(file), benchmark);
    expect(out).toMatchObject({ dims: 4, dtype, queryCount: 3, corpusCount: 5 });
    expect(out.queries).toBeInstanceOf(Ctor);
    expect(out.corpus).toBeInstanceOf(Ctor);
    expect(Array.from(out.queries)).toEqual(numpyRows(file, "query_embeddings"));
    expect(Array.from(out.corpus)).toEqual(numpyRows(file, "corpus_embeddings"));
  });

  it("really reorders shuffled rows", () => {
    const inOrder = validateSubmissionNpz(fixture("valid_f32.npz"), benchmark);
    const shuffled = validateSubmissionNpz(fixture("valid_f32_shuffled_compressed.npz"), benchmark);
    expect(expectedNpz("valid_f32_shuffled_compressed.npz").query_ids.values).toEqual(["q3", "q1", "q2"]);
    expect(Array.from(shuffled.queries)).toEqual(Array.from(inOrder.queries));
    expect(Array.from(shuffled.corpus)).toEqual(Array.from(inOrder.corpus));
  });

  it("widens to the more precise dtype when the two matrices differ", () => {
    const out = validateSubmissionNpz(fixture("mixed_dtypes.npz"), benchmark);
    expect(out.dtype).toBe("float64");
    expect(out.queries).toBeInstanceOf(Float64Array);
    expect(Array.from(out.queries)).toEqual(numpyRows("mixed_dtypes.npz", "query_embeddings"));
  });

  it("views an in-order float32 matrix without copying it", () => {
    const q = new Float32Array([1, 0, 0, 1, 1, 1]);
    const buf = writeNpz({
      query_embeddings: { data: q, shape: [3, 2] },
      corpus_embeddings: { data: new Float32Array(10).fill(1), shape: [5, 2] },
      query_ids: benchmark.queryIds,
      corpus_ids: benchmark.corpusIds,
    });
    const out = validateSubmissionNpz(buf, benchmark);
    expect(out.queries.buffer).toBe(buf.buffer);
    expect(Array.from(out.queries)).toEqual([1, 0, 0, 1, 1, 1]);
  });

  it("copies (never permutes in place) rows that view the upload", () => {
    const buf = writeNpz({
      query_embeddings: { data: new Float32Array([1, 0, 0, 1, 1, 1]), shape: [3, 2] },
      corpus_embeddings: { data: Float32Array.from({ length: 10 }, (_, i) => i + 1), shape: [5, 2] },
      query_ids: ["q3", "q2", "q1"],
      corpus_ids: benchmark.corpusIds,
    });
    const before = Buffer.from(buf);
    const out = validateSubmissionNpz(buf, benchmark);
    expect(Array.from(out.queries)).toEqual([1, 1, 0, 1, 1, 0]);
    expect(out.queries.buffer).not.toBe(buf.buffer);
    expect(out.corpus.buffer).toBe(buf.buffer);
    expect(buf.equals(before)).toBe(true);
  });
});

describe("validateSubmissionNpz refuses", () => {
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
  ])("%s: %s", (file, message) => {
    expect(refusal(file).message).toBe(message);
  });

  it("pickled object ids", () => {
    expect(refusal("ids_object.npz").message).toMatch(/^query_ids is an object array .*pickled object arrays are not accepted/);
  });

  it("byte-string ids", () => {
    expect(refusal("bytes_ids.npz").message).toMatch(/^query_ids is a byte-string array/);
  });

  it("names every missing array", () => {
    const buf = writeNpz({ query_ids: benchmark.queryIds });
    const e = refusal(buf);
    expect(e.message).toBe("submission is missing required arrays: query_embeddings, corpus_embeddings, corpus_ids");
    expect(e.details).toEqual({ missing: ["query_embeddings", "corpus_embeddings", "corpus_ids"] });
  });

  it("lists at most 5 missing and unexpected ids, with counts", () => {
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
      validateSubmissionNpz(buf, { queryIds: benchmark.queryIds, corpusIds });
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

  it("zero-dimensional embeddings and ids of the wrong rank", () => {
    const base = {
      query_ids: benchmark.queryIds,
      corpus_ids: benchmark.corpusIds,
    };
    const zeroD = writeNpz({
      ...base,
      query_embeddings: { data: new Float32Array(0), shape: [3, 0] },
      corpus_embeddings: { data: new Float32Array(0), shape: [5, 0] },
    });
    expect(refusal(zeroD).message).toBe("embeddings have 0 columns; at least 1 dimension is required");
    const ids2d = writeNpz({
      ...base,
      query_ids: { data: benchmark.queryIds, shape: [3, 1] },
      query_embeddings: { data: new Float32Array(3).fill(1), shape: [3, 1] },
      corpus_embeddings: { data: new Float32Array(5).fill(1), shape: [5, 1] },
    });
    expect(refusal(ids2d).message).toBe("query_ids must be 1-D; got shape (3, 1)");
    const floatIds = writeNpz({
      ...base,
      corpus_ids: { data: new Float32Array(5), shape: [5] },
      query_embeddings: { data: new Float32Array(3).fill(1), shape: [3, 1] },
      corpus_embeddings: { data: new Float32Array(5).fill(1), shape: [5, 1] },
    });
    expect(refusal(floatIds).message).toBe("corpus_ids must be a unicode string array (numpy '<U…'); got dtype '<f4'");
  });

  it("archives over maxBytes, and non-zip uploads", () => {
    expect(refusal("valid_f32.npz", { maxBytes: 500 }).message).toMatch(/more than the limit of 500 bytes/);
    expect(refusal("plain_f32.npy").message).toMatch(/^not a zip archive/);
  });
});
