import { describe, expect, it } from "vitest";
import { asFloat, expectedNpy, fixture, floats, sameNumbers } from "./helpers/fixtures";
import { readNpy, type TestArray } from "./helpers/read-arrays";
import { refusal } from "./helpers/refusal";

// .npy decoding and refusals, each .npy read as the only entry of an archive.

/** Builds a .npy by hand: arbitrary header text and data bytes. */
function npy(header: string, data: Uint8Array = new Uint8Array(0), version = 1): Buffer {
  const text = Buffer.from(header, version === 3 ? "utf8" : "latin1");
  const prefix = Buffer.alloc(version === 1 ? 10 : 12);
  prefix.write("\x93NUMPY", 0, "latin1");
  prefix[6] = version;
  if (version === 1) prefix.writeUInt16LE(text.length, 8);
  else prefix.writeUInt32LE(text.length, 8);
  return Buffer.concat([prefix, text, data]);
}

function expectMatchesNumpy(file: string, arr: TestArray, dtype: string): void {
  const want = expectedNpy(file);
  expect(arr.shape).toEqual(want.shape);
  if (arr.kind === "string") {
    expect(dtype).toBe("string");
    expect(arr.data).toEqual(want.values);
  } else {
    expect(arr.dtype).toBe(dtype);
    expect(sameNumbers(arr.data, floats(want))).toBe(true);
  }
}

describe("a .npy written by numpy", () => {
  it.each([
    ["plain_f32.npy", "float32", Float32Array],
    ["f16_edges.npy", "float16", Float32Array],
    ["be_f8.npy", "float64", Float64Array],
    ["fortran_3d_f4.npy", "float32", Float32Array],
    ["be_fortran_f2.npy", "float16", Float32Array],
    ["v2_f4.npy", "float32", Float32Array],
    ["empty_f4.npy", "float32", Float32Array],
    ["scalar_f8.npy", "float64", Float64Array],
  ])("%s decodes to numpy's values as %s", async (file, dtype, Ctor) => {
    const arr = await readNpy(fixture(file));
    expect(arr.kind).toBe("float");
    expect(arr.data).toBeInstanceOf(Ctor);
    expectMatchesNumpy(file, arr, dtype);
  });

  it.each(["unicode_le.npy", "unicode_be.npy", "unicode_2d_fortran.npy", "v3_u.npy"])("%s decodes strings", async (file) => {
    expectMatchesNumpy(file, await readNpy(fixture(file)), "string");
  });

  it("the Fortran and version fixtures really exercise those paths", () => {
    expect(fixture("fortran_3d_f4.npy").toString("latin1")).toContain("'fortran_order': True");
    expect(fixture("be_fortran_f2.npy").toString("latin1")).toContain("'descr': '>f2', 'fortran_order': True");
    expect(fixture("unicode_2d_fortran.npy").toString("latin1")).toContain("'fortran_order': True");
    expect([fixture("v2_f4.npy")[6], fixture("v3_u.npy")[6]]).toEqual([2, 3]);
  });

  it("decodes known values exactly (not only via expected.json)", async () => {
    const fortran = await readNpy(fixture("fortran_3d_f4.npy"));
    expect(Array.from(fortran.data as Float32Array)).toEqual(Array.from({ length: 24 }, (_, i) => i * 0.5));
    const be = await readNpy(fixture("be_f8.npy"));
    expect(Array.from(be.data as Float64Array)).toEqual([0.1, -1 / 3, 1e300, 5e-324, -0, 2.5]);
    expect((await readNpy(fixture("unicode_le.npy"))).data).toEqual(["héllo", "日本", "🙂x", "", "abcdef"]);
    expect((await readNpy(fixture("unicode_2d_fortran.npy"))).data).toEqual(["a", "bb", "ccc", "d", "e", "ff"]);
  });

  it("keeps float64 at full precision", async () => {
    const arr = asFloat(await readNpy(fixture("be_f8.npy")));
    expect(arr.dtype).toBe("float64");
    expect((arr.data as Float64Array)[0]).toBe(0.1); // float32 would give 0.10000000149011612
  });
});

describe("half floats", () => {
  const half = async (bits: number[], littleEndian = true) => {
    const bytes = Buffer.alloc(bits.length * 2);
    bits.forEach((b, i) => (littleEndian ? bytes.writeUInt16LE(b, i * 2) : bytes.writeUInt16BE(b, i * 2)));
    const descr = littleEndian ? "<f2" : ">f2";
    const header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${bits.length},), }`;
    return Array.from(asFloat(await readNpy(npy(header, bytes))).data);
  };

  it("decodes zeros, normals, subnormals, extremes, inf and nan", async () => {
    const got = await half([0x0000, 0x8000, 0x3c00, 0xc000, 0x7bff, 0x0400, 0x0001, 0x03ff, 0x8001, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3555]);
    const want = [0, -0, 1, -2, 65504, 2 ** -14, 2 ** -24, 1023 * 2 ** -24, -(2 ** -24), Infinity, -Infinity, NaN, NaN, 0.333251953125];
    expect(sameNumbers(got, want)).toBe(true);
  });

  it("reads big-endian halves", async () => {
    expect(await half([0x3c00, 0xc000, 0x0001], false)).toEqual([1, -2, 2 ** -24]);
  });
});

describe(".npy refusals", () => {
  const f4 = (shape: string, bytes: number) =>
    npy(`{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`, new Uint8Array(bytes));

  it("checks the data length against the shape exactly", async () => {
    expect((await readNpy(f4("(2, 3)", 24))).shape).toEqual([2, 3]);
    expect(await refusal(() => readNpy(f4("(2, 3)", 20), { label: "q" }))).toBe(
      "q is truncated: shape (2, 3) needs 24 bytes of data, found 20",
    );
    expect(await refusal(() => readNpy(f4("(2, 3)", 28), { label: "q" }))).toBe(
      "q has 4 unexpected bytes after its data for shape (2, 3)",
    );
    const real = fixture("plain_f32.npy");
    expect(await refusal(() => readNpy(real.subarray(0, real.length - 1)))).toMatch(/truncated/);
  });

  it("refuses pickled object arrays", async () => {
    expect(await refusal(() => readNpy(fixture("object.npy"), { label: "query_ids" }))).toMatch(
      /^query_ids is an object array .*pickled object arrays are not accepted/,
    );
  });

  it("refuses unsupported dtypes and wrong kinds", async () => {
    expect(await refusal(() => readNpy(npy("{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }", new Uint8Array(8)))))
      .toMatch(/unsupported dtype '<i8'/);
    expect(await refusal(() => readNpy(npy("{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", new Uint8Array(16)))))
      .toMatch(/unsupported dtype '<f16'/);
    expect(await refusal(() => readNpy(npy("{'descr': '<U0', 'fortran_order': False, 'shape': (1000000000,), }"))))
      .toMatch(/unsupported dtype '<U0'/);
    expect(await refusal(() => readNpy(npy("{'descr': '|S2', 'fortran_order': False, 'shape': (1,), }", new Uint8Array(2)))))
      .toMatch(/byte-string array/);
    expect(await refusal(() => readNpy(fixture("plain_f32.npy"), { label: "ids", expect: "string" }))).toBe(
      "ids must be a unicode string array (numpy '<U…'); got dtype '<f4'",
    );
    expect(
      await refusal(() => readNpy(npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", new Uint8Array(4)))),
    ).toMatch(/structured \(record\) dtype/);
  });

  it("parses headers as data, never code", async () => {
    const evil = "{'descr': __import__('os').system('touch /tmp/pwned'), 'fortran_order': False, 'shape': (1,), }";
    expect(await refusal(() => readNpy(npy(evil)))).toMatch(/malformed \.npy header: unexpected character/);
    expect(await refusal(() => readNpy(npy("{'descr': '<f4', 'fortran_order': False}")))).toMatch(/keys must be/);
    expect(await refusal(() => readNpy(npy("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }")))).toMatch(
      /'fortran_order' is not True or False/,
    );
    expect(await refusal(() => readNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }")))).toMatch(
      /non-negative integers/,
    );
    expect(await refusal(() => readNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': [1], }")))).toMatch(
      /'shape' is not a tuple/,
    );
    expect(await refusal(() => readNpy(npy("(" .repeat(100) + ")".repeat(100))))).toMatch(/nesting too deep/);
    expect(await refusal(() => readNpy(npy("{'descr': '<f4'")))).toMatch(/malformed/);
  });

  it("accepts header variants numpy has written over the years", async () => {
    const arr = await readNpy(npy(`{"descr":"<f4","fortran_order":False,"shape":(1L, 2L)}`, new Uint8Array(8)));
    expect(arr.shape).toEqual([1, 2]);
    const v2 = asFloat(await readNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", new Uint8Array(8), 2)));
    expect(v2.dtype).toBe("float64");
    const v3 = await readNpy(npy("{'descr': '<U1', 'fortran_order': False, 'shape': (1,), }", Buffer.from([0xe9, 0, 0, 0]), 3));
    expect(v3.data).toEqual(["é"]);
  });

  it("refuses bad magic, versions and oversized or truncated headers", async () => {
    expect(await refusal(() => readNpy(Buffer.from("not numpy at all")))).toMatch(/not a \.npy array/);
    const v9 = npy("{}");
    v9[6] = 9;
    expect(await refusal(() => readNpy(v9))).toMatch(/unsupported \.npy format version 9\.0/);
    const long = npy("{}", new Uint8Array(0), 2);
    long.writeUInt32LE(1 << 20, 8);
    expect(await refusal(() => readNpy(long))).toMatch(/oversized \.npy header/);
    expect(await refusal(() => readNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }").subarray(0, 30)))).toMatch(
      /truncated inside the \.npy header/,
    );
  });

  it("refuses code points beyond Unicode", async () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(0x110000);
    expect(await refusal(() => readNpy(npy("{'descr': '<U1', 'fortran_order': False, 'shape': (1,), }", bytes)))).toMatch(
      /invalid code point/,
    );
  });
});
