import { describe, expect, it } from "vitest";
import { validateSubmissionNpz } from "@/lib/embeddings/validate-submission";
import { AppError } from "@/lib/errors/app-error";
import { openSubmissionRows } from "@/lib/retrieval/submission-rows";
import { benchmark, fixture } from "../embeddings/helpers/fixtures";

function allRows(r: ReturnType<typeof openSubmissionRows>["queries"]): number[] {
  return Array.from({ length: r.rows }, (_, i) => Array.from(r.row(i))).flat();
}

describe("openSubmissionRows reads exactly what the .npz validator decodes", () => {
  it.each([
    "valid_f32.npz",
    "valid_f32_shuffled_compressed.npz",
    "valid_f16.npz",
    "valid_f64.npz",
    "valid_big_endian.npz",
    "valid_fortran.npz",
    "valid_extra_arrays.npz",
    "mixed_dtypes.npz",
  ])("%s", (file) => {
    const reference = validateSubmissionNpz(fixture(file), benchmark);
    const rows = openSubmissionRows(fixture(file), benchmark);
    expect(rows.dims).toBe(reference.dims);
    expect(rows.dtype).toBe(reference.dtype);
    expect(allRows(rows.queries)).toEqual(Array.from(reference.queries));
    expect(allRows(rows.corpus)).toEqual(Array.from(reference.corpus));
  });

  it("reads misaligned data (the archive at an odd byte offset) by copying one row at a time", () => {
    const bytes = fixture("valid_f32.npz");
    for (const shift of [1, 2, 3]) {
      const host = Buffer.alloc(bytes.length + shift);
      bytes.copy(host, shift);
      const rows = openSubmissionRows(host.subarray(shift), benchmark);
      expect(allRows(rows.corpus)).toEqual(Array.from(validateSubmissionNpz(bytes, benchmark).corpus));
    }
  });

  it.each([
    ["missing_array.npz", /missing required array: corpus_ids/],
    ["wrong_rows.npz", /corpus_embeddings has 4 rows but corpus_ids has 5 entries/],
    ["mismatched_d.npz", /both must have the same dimension/],
    ["wrong_ids.npz", /query_ids does not match the benchmark's ids/],
    ["int_matrix.npz", /corpus_embeddings must be a float16, float32 or float64 array/],
    ["one_d_embedding.npz", /query_embeddings must be 2-D/],
  ])("refuses %s", (file, message) => {
    let error: unknown;
    try {
      openSubmissionRows(fixture(file), benchmark);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INVALID_UPLOAD");
    expect((error as AppError).message).toMatch(message);
  });
});
