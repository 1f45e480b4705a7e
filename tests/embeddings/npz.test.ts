import { describe, expect, it } from "vitest";
import { buildZip } from "./helpers/zip-builder";
import { expected, expectedNpz, fixture, floats, sameNumbers, type ExpectedArray } from "./helpers/fixtures";
import { readArrays, type TestArray } from "./helpers/read-arrays";
import { refusal } from "./helpers/refusal";

// Every array of numpy's own archives read through the streaming reader (readNpzArray), and its
// refusals of archives and arrays.

const DTYPE_OF: Record<string, string> = { f2: "float16", f4: "float32", f8: "float64" };

function expectArray(actual: TestArray | undefined, want: ExpectedArray): void {
  expect(actual).toBeDefined();
  expect(actual!.shape).toEqual(want.shape);
  if (want.descr.slice(1, 2) === "U") {
    expect(actual!.kind).toBe("string");
    expect(actual!.data).toEqual(want.values);
  } else {
    expect(actual!.kind === "float" && actual!.dtype).toBe(DTYPE_OF[want.descr.slice(1)]);
    expect(sameNumbers(actual!.data as Float32Array, floats(want))).toBe(true);
  }
}

// Fixtures whose every array our reader accepts (the others hold int, bytes or object arrays).
const READABLE = Object.keys(expected.files).filter(
  (f) => f.endsWith(".npz") && !["ids_object.npz", "int_matrix.npz", "bytes_ids.npz", "valid_extra_arrays.npz"].includes(f),
);

describe("numpy-written archives", () => {
  it("covers the fixtures", () => {
    expect(READABLE.length).toBeGreaterThanOrEqual(15);
  });

  it.each(READABLE)("%s matches numpy's values", async (file) => {
    const arrays = await readArrays(fixture(file));
    const want = expectedNpz(file);
    expect([...arrays.keys()].sort()).toEqual(Object.keys(want).sort());
    for (const [name, w] of Object.entries(want)) expectArray(arrays.get(name), w);
  });

  it("reads the requested arrays of an archive holding pickled and int extras", async () => {
    const arrays = await readArrays(fixture("valid_extra_arrays.npz"), { names: ["query_ids"] });
    expect([...arrays.keys()]).toEqual(["query_ids"]);
    expect(arrays.get("query_ids")!.data).toEqual(["q1", "q2", "q3"]);
  });

  it("row-major data for Fortran-ordered matrices", async () => {
    const q = (await readArrays(fixture("valid_fortran.npz"))).get("query_embeddings")!;
    const c = (await readArrays(fixture("valid_f64.npz"))).get("query_embeddings")!;
    expect(Array.from(q.data as Float64Array)).toEqual(Array.from(c.data as Float64Array));
  });
});

describe(".npz refusals", () => {
  it("names the array in dtype refusals", async () => {
    expect(await refusal(() => readArrays(fixture("ids_object.npz")))).toMatch(
      /^query_ids is an object array .*pickled object arrays are not accepted/,
    );
    expect(await refusal(() => readArrays(fixture("int_matrix.npz")))).toMatch(/^corpus_embeddings has unsupported dtype '<i8'/);
    expect(await refusal(() => readArrays(fixture("bytes_ids.npz")))).toMatch(/^query_ids is a byte-string array \(\|S2\)/);
  });

  it("refuses two entries mapping to the same array name", async () => {
    const npy = fixture("plain_f32.npy");
    const zip = buildZip([{ name: "a.npy", data: npy }, { name: "a", data: npy }]);
    expect(await refusal(() => readArrays(zip))).toBe('.npz archive holds the array "a" twice');
  });

  it("applies maxBytes to numpy archives", async () => {
    expect(await refusal(() => readArrays(fixture("valid_f32.npz"), { maxBytes: 300 }))).toMatch(/more than the limit of 300 bytes/);
  });
});
