import { describe, expect, it } from "vitest";
import { encodeNpy } from "@/lib/embeddings/write-npy";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { bytesSource } from "@/lib/embeddings/byte-source";
import { readZipDirectory } from "@/lib/embeddings/zip-directory";
import { asFloat, expectedNpy, fixture, floats } from "./helpers/fixtures";
import { readArrays, readNpy } from "./helpers/read-arrays";

describe("writeNpz", () => {
  const q = new Float32Array([0.1, -2, 3.5, 1e-30, 5, 6]);
  const c = new Float64Array([0.1, 1 / 3, -1e300, 5e-324]);
  const npz = writeNpz({
    query_embeddings: { data: q, shape: [3, 2] },
    corpus_embeddings: { data: c, shape: [2, 2] },
    query_ids: ["q1", "héllo", "🙂x"],
    corpus_ids: ["", "c2"],
    grid: { data: ["a", "bb", "ccc", "d"], shape: [2, 2] },
  });

  it("round-trips through the reader with exact values", async () => {
    const back = await readArrays(npz);
    expect([...back.keys()]).toEqual(["query_embeddings", "corpus_embeddings", "query_ids", "corpus_ids", "grid"]);
    const qa = asFloat(back.get("query_embeddings")!);
    expect(qa).toMatchObject({ kind: "float", dtype: "float32", shape: [3, 2] });
    expect(Array.from(qa.data)).toEqual(Array.from(q));
    const ca = asFloat(back.get("corpus_embeddings")!);
    expect(ca).toMatchObject({ kind: "float", dtype: "float64", shape: [2, 2] });
    expect(Array.from(ca.data)).toEqual([0.1, 1 / 3, -1e300, 5e-324]);
    expect(back.get("query_ids")).toEqual({ kind: "string", shape: [3], data: ["q1", "héllo", "🙂x"] });
    expect(back.get("corpus_ids")!.data).toEqual(["", "c2"]);
    expect(back.get("grid")).toEqual({ kind: "string", shape: [2, 2], data: ["a", "bb", "ccc", "d"] });
  });

  it("writes stored entries named <array>.npy, like np.savez", async () => {
    const entries = await readZipDirectory(bytesSource(npz));
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ["query_embeddings.npy", 0],
      ["corpus_embeddings.npy", 0],
      ["query_ids.npy", 0],
      ["corpus_ids.npy", 0],
      ["grid.npy", 0],
    ]);
  });

  it("is deterministic", () => {
    expect(writeNpz({ a: ["x"] }).equals(writeNpz({ a: ["x"] }))).toBe(true);
  });

  it("writes an empty archive that still reads", async () => {
    expect((await readArrays(writeNpz({}))).size).toBe(0);
  });

  it("rejects a shape that does not match the data", () => {
    expect(() => writeNpz({ a: { data: new Float32Array(5), shape: [2, 3] } })).toThrow(/does not match 5 elements/);
  });
});

describe("encodeNpy matches np.save byte for byte", () => {
  it.each([["plain_f32.npy"], ["unicode_le.npy"], ["empty_f4.npy"], ["scalar_f8.npy"]])("%s", async (file) => {
    const arr = await readNpy(fixture(file));
    const ours = Buffer.concat(encodeNpy(arr));
    expect(ours.toString("latin1")).toBe(fixture(file).toString("latin1"));
  });

  it("writes numpy's float values back unchanged", async () => {
    const arr = asFloat(await readNpy(fixture("plain_f32.npy")));
    expect(Array.from((await readNpy(Buffer.concat(encodeNpy(arr)))).data as Float32Array)).toEqual(
      floats(expectedNpy("plain_f32.npy")),
    );
  });
});
