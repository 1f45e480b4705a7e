import { describe, expect, it } from "vitest";
import { rankCorpus, rankRows } from "@/lib/retrieval/rank";
import { storedRows } from "@/lib/embeddings/row-reader";
import { AppError } from "@/lib/errors/app-error";
import { Xoshiro128 } from "@/lib/metrics/prng";

// q0 = (1,0), q1 = (0,1) against five 2-d corpus rows.
const queries = new Float64Array([1, 0, 0, 1]);
const corpus = new Float64Array([1, 0, 2, 0, 1, 1, 0, 3, 1, 0]);

describe("rankCorpus: hand-computed cases", () => {
  it("dot: descending score, exact ties by lower corpus index", () => {
    // q0 scores: [1, 2, 1, 0, 1] -> row 1, then the tied rows 0, 2, 4 in corpus order.
    const r = rankCorpus({ queries, corpus, dims: 2, similarity: "dot", k: 4 });
    expect(Array.from(r.top[0])).toEqual([1, 0, 2, 4]);
    expect(Array.from(r.scores[0])).toEqual([2, 1, 1, 1]);
    // q1 scores: [0, 0, 1, 3, 0]
    expect(Array.from(r.top[1])).toEqual([3, 2, 0, 1]);
    expect(Array.from(r.scores[1])).toEqual([3, 1, 0, 0]);
  });

  it("cosine normalises rows and so ranks differently from dot", () => {
    // q0 cosines: [1, 1, 1/sqrt2, 0, 1]: the long row 1 no longer wins, ties go by index.
    const r = rankCorpus({ queries, corpus, dims: 2, similarity: "cosine", k: 4 });
    expect(Array.from(r.top[0])).toEqual([0, 1, 4, 2]);
    expect(r.scores[0][0]).toBe(1);
    expect(r.scores[0][3]).toBeCloseTo(Math.SQRT1_2, 15);
    // q1 cosines: [0, 0, 1/sqrt2, 1, 0]
    expect(Array.from(r.top[1])).toEqual([3, 2, 0, 1]);
  });

  it("reports watched scores in the requested order, also outside the top-k", () => {
    const watch = [[3, 2, 1], [4]];
    const dot = rankCorpus({ queries, corpus, dims: 2, similarity: "dot", k: 1, watch });
    expect(Array.from(dot.watched[0])).toEqual([0, 1, 2]);
    expect(Array.from(dot.watched[1])).toEqual([0]);
    const cos = rankCorpus({ queries, corpus, dims: 2, similarity: "cosine", k: 1, watch });
    expect(cos.watched[0][0]).toBe(0);
    expect(cos.watched[0][1]).toBeCloseTo(Math.SQRT1_2, 15);
    expect(cos.watched[0][2]).toBe(1);
  });

  it("defaults k to 10 and clamps it to the corpus size", () => {
    const r = rankCorpus({ queries, corpus, dims: 2, similarity: "dot" });
    expect(r.top[0].length).toBe(5);
    expect(r.watched).toEqual([new Float64Array(0), new Float64Array(0)]);
  });

  it("accepts Float32Array and gives the same ranking as the float64 copy", () => {
    const r32 = rankCorpus({ queries: new Float32Array(queries), corpus: new Float32Array(corpus), dims: 2, similarity: "cosine" });
    const r64 = rankCorpus({ queries, corpus, dims: 2, similarity: "cosine" });
    expect(r32).toEqual(r64);
  });

  it("refuses malformed input with a BAD_REQUEST", () => {
    const bad = (input: Parameters<typeof rankCorpus>[0]) => {
      try {
        rankCorpus(input);
      } catch (e) {
        return e instanceof AppError ? e.code : "other";
      }
      return "none";
    };
    expect(bad({ queries, corpus: new Float64Array(3), dims: 2, similarity: "dot" })).toBe("BAD_REQUEST");
    expect(bad({ queries, corpus, dims: 2, similarity: "dot", k: 0 })).toBe("BAD_REQUEST");
    expect(bad({ queries, corpus, dims: 2, similarity: "dot", watch: [[5], []] })).toBe("BAD_REQUEST");
    expect(bad({ queries, corpus, dims: 2, similarity: "dot", watch: [[0]] })).toBe("BAD_REQUEST");
    expect(bad({ queries: new Float64Array([NaN, 0]), corpus, dims: 2, similarity: "dot" })).toBe("BAD_REQUEST");
  });
});

// Reference: naive float64 scores, full stable sort by (score desc, index asc).
function bruteForce(q: Float32Array, c: Float32Array, d: number, cosine: boolean, k: number) {
  const norm = (m: Float32Array, r: number) => {
    if (!cosine) return 1;
    let ss = 0;
    for (let t = 0; t < d; t++) ss += m[r * d + t] * m[r * d + t];
    return ss > 0 ? Math.sqrt(ss) : 1;
  };
  const Q = q.length / d, C = c.length / d;
  return Array.from({ length: Q }, (_, i) => {
    const scores = Array.from({ length: C }, (_, j) => {
      const qn = norm(q, i), cn = norm(c, j);
      let s = 0;
      for (let t = 0; t < d; t++) s += (q[i * d + t] / qn) * (c[j * d + t] / cn);
      return { j, s };
    });
    scores.sort((a, b) => b.s - a.s || a.j - b.j);
    return scores.slice(0, k);
  });
}

function randomMatrix(rows: number, d: number, rng: Xoshiro128, levels = 0): Float32Array {
  // levels > 0 quantises values so that exact ties are frequent.
  return Float32Array.from({ length: rows * d }, () => {
    const u = rng.nextUint32() / 2 ** 32 - 0.5;
    return levels > 0 ? Math.round(u * levels) : u;
  });
}

describe("extreme magnitudes", () => {
  const rng = new Xoshiro128(77);
  const Q = 12, C = 40, d = 16;
  const base = { q: Float64Array.from({ length: Q * d }, () => rng.nextUint32() / 2 ** 32 - 0.5), c: Float64Array.from({ length: C * d }, () => rng.nextUint32() / 2 ** 32 - 0.5) };
  const scaled = (a: Float64Array, s: number) => a.map((x) => x * s);

  it("cosine ranks every scale alike, from 1e-200 to 1e200 (no overflow or underflow of the norm)", () => {
    const plain = rankCorpus({ queries: base.q, corpus: base.c, dims: d, similarity: "cosine", k: 10 });
    for (const s of [1e160, 1e200, 1e-160, 1e-200, 2 ** 600]) {
      for (const backend of ["js", "auto"] as const) {
        const r = rankCorpus({ queries: scaled(base.q, s), corpus: scaled(base.c, s), dims: d, similarity: "cosine", k: 10 }, { backend });
        for (let i = 0; i < Q; i++) {
          expect(Array.from(r.top[i])).toEqual(Array.from(plain.top[i]));
          for (let j = 0; j < 10; j++) expect(r.scores[i][j]).toBeCloseTo(plain.scores[i][j], 12);
        }
      }
    }
    // Only the queries scaled: the same again.
    const mixed = rankCorpus({ queries: scaled(base.q, 1e300), corpus: scaled(base.c, 1e-300), dims: d, similarity: "cosine", k: 10 });
    for (let i = 0; i < Q; i++) expect(Array.from(mixed.top[i])).toEqual(Array.from(plain.top[i]));
  });

  it("keeps ordinary rows' arithmetic exactly as before (the plain float64 norm)", () => {
    const r = rankCorpus({ queries: base.q, corpus: base.c, dims: d, similarity: "cosine", k: 3 });
    const qn = Math.sqrt(Array.from(base.q.subarray(0, d)).reduce((a, x) => a + x * x, 0));
    const j = r.top[0][0];
    const cn = Math.sqrt(Array.from(base.c.subarray(j * d, (j + 1) * d)).reduce((a, x) => a + x * x, 0));
    let dot = 0;
    for (let t = 0; t < d; t++) dot += (base.q[t] / qn) * (base.c[j * d + t] / cn);
    expect(r.scores[0][0]).toBe(dot);
  });

  it("refuses dot products that would overflow or vanish in float64, naming the norms", () => {
    const big = () => rankCorpus({ queries: scaled(base.q, 1e160), corpus: scaled(base.c, 1e160), dims: d, similarity: "dot" });
    expect(big).toThrow(AppError);
    expect(big).toThrow(/dot-product scores would overflow float64: the largest query vector norm \(.*e\+160\)/);
    const huge = () => rankCorpus({ queries: scaled(base.q, Number.MAX_VALUE), corpus: base.c, dims: d, similarity: "dot" });
    expect(huge).toThrow(/query vectors are too large for dot-product similarity/);
    const tiny = () => rankCorpus({ queries: scaled(base.q, 1e-160), corpus: scaled(base.c, 1e-160), dims: d, similarity: "dot" });
    expect(tiny).toThrow(/dot-product scores would vanish in float64/);
    // One side large and the other small is fine: the scores are ordinary numbers.
    const balanced = rankCorpus({ queries: scaled(base.q, 1e150), corpus: scaled(base.c, 1e-150), dims: d, similarity: "dot", k: 10 });
    const plain = rankCorpus({ queries: base.q, corpus: base.c, dims: d, similarity: "dot", k: 10 });
    for (let i = 0; i < Q; i++) expect(Array.from(balanced.top[i])).toEqual(Array.from(plain.top[i]));
  });
});

describe("rankCorpus: agrees bit for bit with a brute-force ranking", () => {
  const rng = new Xoshiro128(7);
  const cases = [
    { Q: 7, C: 13, d: 5, levels: 0 },
    { Q: 9, C: 31, d: 3, levels: 2 }, // many ties
    { Q: 1, C: 1, d: 1, levels: 0 },
    { Q: 21, C: 50, d: 17, levels: 0 },
  ];
  for (const { Q, C, d, levels } of cases) {
    for (const similarity of ["dot", "cosine"] as const) {
      for (const backend of ["wasm", "js"] as const) {
        it(`Q=${Q} C=${C} d=${d} ${similarity} ${backend}${levels ? " (ties)" : ""}`, () => {
          const q = randomMatrix(Q, d, rng, levels), c = randomMatrix(C, d, rng, levels);
          const k = Math.min(10, C);
          const watch = Array.from({ length: Q }, (_, i) => [i % C, C - 1]);
          // Small chunks and blocks exercise the chunk boundaries of the blocked loop.
          const r = rankCorpus({ queries: q, corpus: c, dims: d, similarity, k, watch }, { backend, corpusChunkRows: 4, queryBlockRows: 3 });
          const expected = bruteForce(q, c, d, similarity === "cosine", C);
          for (let i = 0; i < Q; i++) {
            expect(Array.from(r.top[i])).toEqual(expected[i].slice(0, k).map((e) => e.j));
            expect(Array.from(r.scores[i])).toEqual(expected[i].slice(0, k).map((e) => e.s));
            const byIndex = new Map(expected[i].map((e) => [e.j, e.s]));
            expect(Array.from(r.watched[i])).toEqual(watch[i].map((j) => byIndex.get(j)));
            const kth = expected[i][k - 1].s;
            const tied = expected[i].slice(k).filter((e) => e.s === kth).map((e) => e.j).sort((a, b) => a - b);
            expect(Array.from(r.tied[i])).toEqual(tied);
            expect(r.tiedTotal[i]).toBe(tied.length);
          }
        });
      }
    }
  }

  it("gives identical results with default chunking on both backends", () => {
    const q = randomMatrix(30, 64, rng), c = randomMatrix(101, 64, rng);
    const input = { queries: q, corpus: c, dims: 64, similarity: "cosine" as const, k: 10 };
    const wasm = rankCorpus(input, { backend: "wasm" }), js = rankCorpus(input, { backend: "js" });
    expect([wasm.stats.engine, js.stats.engine]).toEqual(["wasm", "js"]);
    expect({ ...wasm, stats: null }).toEqual({ ...js, stats: null });
  });
});

describe("float16 matrices kept at 16 bits", () => {
  it("rank exactly as the same values widened to float32, on both paths, across query blocks", () => {
    const rng = new Xoshiro128(11);
    const dims = 64, Q = 37, C = 150;
    // Random half bit patterns of ordinary magnitudes (exponents 10..20: about 2^-5..2^5), signed.
    const half = (n: number) => Uint16Array.from({ length: n }, () => (rng.nextBelow(2) << 15) | ((10 + rng.nextBelow(11)) << 10) | rng.nextBelow(1024));
    const qBits = half(Q * dims), cBits = half(C * dims);
    const widened = (bits: Uint16Array) => {
      const rows = storedRows(bits, dims), out = new Float32Array(bits.length);
      for (let r = 0; r < rows.rows; r++) out.set(rows.row(r), r * dims);
      return out;
    };
    const watch = Array.from({ length: Q }, (_, q) => [q, (q * 7) % C]);
    for (const backend of ["f32", "js"] as const) {
      const want = rankCorpus({ queries: widened(qBits), corpus: widened(cBits), dims, similarity: "cosine", k: 10, watch }, { backend });
      const got = rankRows({ queries: storedRows(qBits, dims), corpus: storedRows(cBits, dims), similarity: "cosine", k: 10, watch }, { backend, queryBlockRows: 8, corpusChunkRows: 40 });
      expect(got.top.map((t) => Array.from(t))).toEqual(want.top.map((t) => Array.from(t)));
      expect(got.scores.map((s) => Array.from(s))).toEqual(want.scores.map((s) => Array.from(s)));
      expect(got.watched.map((s) => Array.from(s))).toEqual(want.watched.map((s) => Array.from(s)));
    }
  });

  it("widens every bit pattern exactly (1, -2, 1/3 rounded, the smallest subnormal)", () => {
    const row = storedRows(new Uint16Array([0x3c00, 0xc000, 0x3555, 0x0001]), 4).row(0);
    expect(Array.from(row)).toEqual([1, -2, 0.333251953125, 2 ** -24]);
  });
});
