import { describe, expect, it } from "vitest";
import { reorderRows } from "@/lib/embeddings/reorder-rows";

function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function shuffled(n: number, rand: () => number): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

const naive = (src: ArrayLike<number>, dims: number, perm: Int32Array) =>
  Array.from(perm).flatMap((r) => Array.from({ length: dims }, (_, c) => src[r * dims + c]));

describe("reorderRows", () => {
  it.each([1, 2, 7, 50])("matches a naive gather for random permutations of %i rows", (n) => {
    const rand = rng(n);
    for (let trial = 0; trial < 20; trial++) {
      const dims = 1 + (trial % 4);
      const perm = shuffled(n, rand);
      const src = Float32Array.from({ length: n * dims }, () => rand());
      const want = naive(src, dims, perm);
      const copy = reorderRows(src, dims, perm, { as64: false, owned: false });
      expect(Array.from(copy)).toEqual(want);
      expect(copy === src && perm.some((p, i) => p !== i)).toBe(false);
      const inPlace = reorderRows(src.slice(), dims, perm, { as64: false, owned: true });
      expect(Array.from(inPlace)).toEqual(want);
    }
  });

  it("never mutates a source it does not own", () => {
    const src = new Float64Array([1, 2, 3, 4, 5, 6]);
    const out = reorderRows(src, 2, Int32Array.from([2, 0, 1]), { as64: true, owned: false });
    expect(Array.from(out)).toEqual([5, 6, 1, 2, 3, 4]);
    expect(Array.from(src)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("returns the source for an identity order, and widens float32 when asked", () => {
    const src = new Float32Array([0.1, 0.2]);
    expect(reorderRows(src, 1, Int32Array.from([0, 1]), { as64: false, owned: false })).toBe(src);
    const wide = reorderRows(src, 1, Int32Array.from([1, 0]), { as64: true, owned: true });
    expect(wide).toBeInstanceOf(Float64Array);
    expect(Array.from(wide)).toEqual([Math.fround(0.2), Math.fround(0.1)]);
  });
});
