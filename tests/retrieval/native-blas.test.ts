// The OpenBLAS addon (native/blas) against the code it stands in for: every native function
// gives exactly what its JavaScript or WebAssembly twin gives, and whole rankings are bit for
// bit those of the fallback (the service ranks the same whether or not the addon is built).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { halfTable } from "@/lib/embeddings/half-float";
import { matrixRows, storedRows, type StoredMatrix } from "@/lib/embeddings/row-reader";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { ExactScorer, exactPairScores, normalise } from "@/lib/retrieval/exact-scorer";
import { nativeBlas, nativeBlasStatus } from "@/lib/retrieval/native-blas";
import { rankRows, type RankOptions, type RankResult } from "@/lib/retrieval/rank";

const rng = new Xoshiro128(57);
const uniform = () => rng.nextUint32() / 2 ** 32 - 0.5;

function addon() {
  const blas = nativeBlas();
  if (!blas) throw new Error(`the native addon is not available: ${nativeBlasStatus()}; scripts/setup.sh builds it (scripts/build-native.sh)`);
  return blas;
}

/** The same values as float16 bit patterns, float32 and float64 (float16 values are exact in all three). */
function matrices(rows: number, d: number, make: () => number): { f16: Uint16Array; f32: Float32Array; f64: Float64Array } {
  const table = halfTable();
  const f16 = Uint16Array.from({ length: rows * d }, () => {
    for (;;) {
      const h = rng.nextBelow(65536);
      if (Number.isFinite(table[h]) && Math.abs(table[h]) < 8) return make() > 0 ? h : h ^ 0x8000;
    }
  });
  return { f16, f32: Float32Array.from(f16, (h) => table[h]), f64: Float64Array.from(f16, (h) => table[h]) };
}

const rowsOf = (m: StoredMatrix, d: number) => storedRows(m, d);
const same = (a: RankResult, b: RankResult) => {
  for (const f of ["top", "scores", "watched", "tied"] as const) expect(a[f]).toEqual(b[f]);
  expect(a.tiedTotal).toEqual(b.tiedTotal);
};

describe("native/blas is built and loads", () => {
  it("describes the OpenBLAS it runs on", () => {
    expect(addon().config()).toMatch(/OpenBLAS/);
    expect(nativeBlasStatus()).toMatch(/^OpenBLAS/);
  });
});

describe("native arguments", () => {
  it("each function refuses, by its own name, arguments that are not what it takes", () => {
    // Called as JavaScript would call them, unchecked by the types.
    const blas = addon() as unknown as Record<string, (...args: unknown[]) => unknown>;
    const f32 = () => new Float32Array(4), f64 = () => new Float64Array(2).fill(1), i32 = () => new Int32Array([0, 1]);
    expect(blas.rowStats(f32(), 2, f64(), f64(), 1)).toBe(-1);
    for (const args of [[f32(), 2, f64(), f64()], [i32(), 2, f64(), f64(), 1], [f32(), 2, new Float32Array(2), f64(), 1], [f32(), -1, f64(), f64(), 1], [f32(), 1.5, f64(), f64(), 1], [f32(), 0, f64(), f64(), 1]]) {
      expect(() => blas.rowStats(...args)).toThrow("rowStats(matrix, dims, sumSquares, maxAbs, threads): bad arguments");
    }
    expect(blas.toF32(f32(), 2, 0, 2, f64(), f32(), 2)).toBeUndefined();
    expect(() => blas.toF32(f32(), 2, 0, 2, f64(), new Float64Array(4), 2)).toThrow("toF32(matrix, dims, first, count, divisors, dst, dstStride): bad arguments");
    expect(blas.sgemmNT(f32(), 2, f32(), 2, f32(), 2, 2, 2, 2, 1)).toBeUndefined();
    expect(() => blas.sgemmNT(f32(), 2, f32(), 2, new Float64Array(4), 2, 2, 2, 2, 1)).toThrow("sgemmNT(a, lda, b, ldb, out, ldc, m, n, k, threads): bad arguments");
    expect(() => blas.sgemmNT(new Uint16Array(4), 2, f32(), 2, f32(), 2, 2, 2, 2, 1)).toThrow("sgemmNT");
    expect(blas.scaleScores(f32(), 2, 2, 2, f64(), f64())).toBeUndefined();
    expect(() => blas.scaleScores(f32(), 2, 2, 2, f64(), f32())).toThrow("scaleScores(scores, ldc, m, n, rowScale, colScale): bad arguments");
    expect(blas.prefilter(f32(), 2, 2, 2, 1, f64(), f64(), f64(), i32(), 1)).toEqual(Int32Array.from([0, 1, 0, 1]));
    const none = new Float64Array(0), prefilterRefusal = "prefilter(scores, ldc, m, n, k, margins, rowScale, colScale, counts, threads): bad arguments";
    for (const args of [[f32(), 2, 2, 2, 1, f64(), none, none, f32(), 1], [f32(), 2, 2, 2, 1, f64(), f64(), none, i32(), 1], [f32(), 2, 2, 2, 1, f64(), none, none, i32()], [f32(), 2, 2, 2, 0, f64(), none, none, i32(), 1]]) {
      expect(() => blas.prefilter(...args)).toThrow(prefilterRefusal);
    }
    const out = new Float64Array(2);
    expect(blas.exactScores(f32(), f64(), f32(), f64(), 2, i32(), i32(), out, 1)).toBeUndefined();
    expect(Array.from(out)).toEqual([0, 0]);
    expect(() => blas.exactScores(f32(), f64(), f32(), f64(), 2, i32(), i32(), out)).toThrow(
      "exactScores(queries, qDivisors, corpus, cDivisors, dims, pairQuery, pairRow, out, threads): bad arguments",
    );
    expect(() => blas.exactScores(f32(), f64(), i32(), f64(), 2, i32(), i32(), out, 1)).toThrow("exactScores");
  });
});

describe("native twins are bit-identical", () => {
  it("row sums of squares and largest magnitudes (float16, float32, float64; odd row counts)", () => {
    const blas = addon();
    // The last shape is large enough to be split between threads (2^18 values a thread at least).
    for (const [n, d] of [[1, 1], [7, 5], [13, 300], [1027, 771]]) {
      const m = matrices(n, d, uniform);
      for (const data of [m.f16, m.f32, m.f64, Float64Array.from({ length: n * d }, () => uniform() * 1e300)]) {
        const js = normalise(rowsOf(data, d), "cosine", "q", null), native = normalise(rowsOf(data, d), "cosine", "q", blas);
        expect(native.divisors).toEqual(js.divisors);
        expect(native.magnitudes).toEqual(js.magnitudes);
      }
    }
  });

  it("refuses a non-finite value naming the same row", () => {
    const blas = addon();
    for (const bad of [NaN, Infinity, -Infinity]) {
      const data = Float32Array.from({ length: 9 * 4 }, uniform);
      data[6 * 4 + 2] = bad;
      data[8 * 4 + 1] = bad;
      for (const b of [null, blas]) expect(() => normalise(matrixRows(data, 4), "dot", "corpus", b)).toThrow("corpus row 6 has a non-finite value");
      // Split between threads: the first such row of all, whichever thread read it.
      const large = Float32Array.from({ length: 1200 * 700 }, uniform);
      large[1100 * 700 + 5] = bad;
      large[900 * 700 + 699] = bad;
      for (const threads of [1, 2, 5]) expect(blas.rowStats(large, 700, new Float64Array(1200), new Float64Array(1200), threads)).toBe(900);
      for (const b of [null, blas]) expect(() => normalise(matrixRows(large, 700), "dot", "corpus", b)).toThrow("corpus row 900 has a non-finite value");
    }
    // A sum of squares may overflow from finite values: that is no error.
    const big = new Float64Array([1e200, 1e200, 1, 1]);
    expect(normalise(matrixRows(big, 2), "cosine", "q", blas).divisors).toEqual(normalise(matrixRows(big, 2), "cosine", "q", null).divisors);
  });

  it("exact pair scores equal ExactScorer's for every dtype, any pair order, 1 and 3 threads", () => {
    const blas = addon();
    const Q = 11, C = 29, d = 37;
    const mq = matrices(Q, d, uniform), mc = matrices(C, d, uniform);
    const n = 400;
    const pq = Int32Array.from({ length: n }, () => rng.nextBelow(Q)), pr = Int32Array.from({ length: n }, () => rng.nextBelow(C));
    for (const [qd, cd] of [[mq.f16, mc.f16], [mq.f32, mc.f32], [mq.f64, mc.f64], [mq.f32, mc.f16]] as const) {
      for (const similarity of ["cosine", "dot"] as const) {
        const q = normalise(rowsOf(qd, d), similarity, "q", null), c = normalise(rowsOf(cd, d), similarity, "c", null);
        const exact = new ExactScorer(q, c, d);
        const want = Float64Array.from(pq, (i, p) => (exact.setQuery(i), exact.score(pr[p])));
        for (const threads of [1, 3]) expect(exactPairScores(q, c, d, pq, pr, blas, threads)).toEqual(want);
        expect(exactPairScores(q, c, d, pq, pr, null)).toEqual(want);
      }
    }
  });

  it("exact pair scores are the same when the queries take more than one block of the native query cache (32 MiB)", () => {
    const blas = addon();
    const Q = 300, C = 23, d = 16384; // 256 normalised queries a block
    const qd = Float32Array.from({ length: Q * d }, uniform), cd = Float32Array.from({ length: C * d }, uniform);
    const n = 700;
    const pq = Int32Array.from({ length: n }, (_, p) => (p < 40 ? Q - 1 - p : rng.nextBelow(Q))), pr = Int32Array.from({ length: n }, () => rng.nextBelow(C));
    const q = normalise(rowsOf(qd, d), "cosine", "q", null), c = normalise(rowsOf(cd, d), "cosine", "c", null);
    const exact = new ExactScorer(q, c, d);
    const want = Float64Array.from(pq, (i, p) => (exact.setQuery(i), exact.score(pr[p])));
    for (const threads of [1, 2, 5]) expect(exactPairScores(q, c, d, pq, pr, blas, threads)).toEqual(want);
  });

  it("float32 conversion rounds v / divisor exactly as a Float32Array store does", () => {
    const blas = addon();
    const d = 19, m = matrices(6, d, uniform);
    const divisors = Float64Array.from({ length: 6 }, () => 0.1 + Math.abs(uniform()) * 7);
    for (const data of [m.f16, m.f32, m.f64]) {
      const rows = storedRows(data, d);
      const native = new Float32Array(4 * 24);
      blas.toF32(data, d, 1, 4, divisors, native, 24);
      const js = new Float32Array(4 * 24);
      for (let j = 0; j < 4; j++) for (let t = 0; t < d; t++) js[j * 24 + t] = rows.row(1 + j)[t] / divisors[1 + j];
      expect(native).toEqual(js);
    }
  });
});

describe("the prefilter keeps every row within the margin of the k-th best", () => {
  const none = new Float64Array(0);
  const expected = (scores: Float32Array, ldc: number, m: number, n: number, k: number, margins: Float64Array) =>
    Array.from({ length: m }, (_, i) => {
      const row = Array.from(scores.subarray(i * ldc, i * ldc + n));
      const kth = row.filter((x) => !Number.isNaN(x)).sort((a, b) => b - a)[k - 1];
      return row.flatMap((x, j) => (Number.isNaN(x) || x >= kth - margins[i] ? [j] : []));
    });
  const split = (listed: Int32Array, counts: Int32Array, m: number) => {
    const rows: number[][] = [];
    for (let i = 0, p = 0; i < m; p += counts[i], i++) rows.push(Array.from(listed.subarray(p, p + counts[i])));
    return rows;
  };

  it("keeps exactly the columns not below (k-th largest) - margin, and NaN, per row", () => {
    const blas = addon();
    const m = 5, n = 40, ldc = 43, k = 3;
    const scores = Float32Array.from({ length: m * ldc }, uniform);
    scores[2 * ldc + 7] = NaN;
    const margins = Float64Array.from({ length: m }, (_, i) => i * 0.05);
    const counts = new Int32Array(m);
    const listed = blas.prefilter(scores, ldc, m, n, k, margins, none, none, counts, 1);
    expect(split(listed, counts, m)).toEqual(expected(scores, ldc, m, n, k, margins));
    expect(listed.length).toBe(counts.reduce((s, c) => s + c, 0));
    // Rows no longer than k keep everything.
    blas.prefilter(scores, ldc, 2, k, k, margins, none, none, counts, 1);
    expect(Array.from(counts.subarray(0, 2))).toEqual([k, k]);
  });

  it("scales raw products as scaleScores does, in the same pass, and lists the same on any number of threads", () => {
    const blas = addon();
    const m = 131, n = 57, ldc = 60, k = 10;
    const raw = Float32Array.from({ length: m * ldc }, () => uniform() * 7);
    const rowScale = Float64Array.from({ length: m }, () => 0.1 + uniform() ** 2), colScale = Float64Array.from({ length: n }, () => 0.1 + uniform() ** 2);
    const margins = Float64Array.from({ length: m }, (_, i) => (i % 4) * 0.03);
    const scaled = raw.slice();
    blas.scaleScores(scaled, ldc, m, n, rowScale, colScale);
    const want = expected(scaled, ldc, m, n, k, margins);
    for (const threads of [1, 2, 3, 16]) {
      const scores = raw.slice(), counts = new Int32Array(m);
      const listed = blas.prefilter(scores, ldc, m, n, k, margins, rowScale, colScale, counts, threads);
      expect(split(listed, counts, m), `${threads} threads`).toEqual(want);
      // Every score of the block is scaled in place, bit for bit, and the padding is left alone.
      expect(scores).toEqual(scaled);
    }
  });
});

describe("rankings with the addon are those without it", () => {
  const run = (queries: StoredMatrix, corpus: StoredMatrix, d: number, similarity: "cosine" | "dot", extra: RankOptions = {}, watch?: number[][]) => {
    const input = { queries: rowsOf(queries, d), corpus: rowsOf(corpus, d), similarity, k: 10, watch, tieCap: 100 };
    addon();
    const native = rankRows(input, extra);
    const fallback = rankRows(input, { ...extra, native: false });
    const f64 = rankRows(input, { backend: "js", native: false });
    expect(native.stats.engine).toBe("blas");
    expect(fallback.stats.engine).toBe("wasm");
    same(native, fallback);
    same(native, f64);
    return native;
  };

  it("random rows, every dtype, cosine and dot, small chunks and blocks", () => {
    for (const [Q, C, d] of [[3, 17, 8], [21, 130, 65]]) {
      const mq = matrices(Q, d, uniform), mc = matrices(C, d, uniform);
      const watch = Array.from({ length: Q }, (_, i) => [i % C, C - 1, (i * 7) % C]);
      for (const [qd, cd] of [[mq.f16, mc.f16], [mq.f32, mc.f32], [mq.f64, mc.f64]] as const) {
        for (const similarity of ["cosine", "dot"] as const) {
          run(qd, cd, d, similarity, { corpusChunkRows: 23, queryBlockRows: 4, threads: 2 }, watch);
          run(qd, cd, d, similarity, {}, watch);
        }
      }
    }
  });

  it("exact ties: the same whole tie group at the cut-off, never ordered by the engine", () => {
    const levels = () => rng.nextBelow(3) - 1;
    const q = Float32Array.from({ length: 9 * 4 }, levels), c = Float32Array.from({ length: 300 * 4 }, levels);
    for (const similarity of ["cosine", "dot"] as const) {
      const r = run(q, c, 4, similarity, { corpusChunkRows: 37 });
      expect(r.tiedTotal.some((t) => t > 0)).toBe(true);
    }
  });

  it("distractors that differ from their canonical below float32's resolution", () => {
    // The paper's shape in miniature: each distractor is its canonical plus ~1e-9.
    const d = 48, base = Array.from({ length: 20 * d }, uniform);
    const corpus = Float64Array.from({ length: 100 * d }, (_, i) => base[(Math.floor(i / d) % 20) * d + (i % d)] + (((i * 7919) % 13) - 6) * 1e-9);
    const queries = Float64Array.from({ length: 20 * d }, (_, i) => base[i] + uniform() * 1e-2);
    run(queries, corpus, d, "cosine");
  });

  it("float32 rows multiplied as they are (ordinary norms) and rows normalised first (huge norms) rank alike", () => {
    const d = 24;
    const q = Float32Array.from({ length: 7 * d }, uniform), c = Float32Array.from({ length: 90 * d }, uniform);
    run(q, c, d, "cosine");
    // Norms past 2^20 keep the float32 copy of the normalised rows; the ranking cannot tell.
    run(Float32Array.from(q, (x) => x * 2 ** 30), Float32Array.from(c, (x, i) => x * 2 ** (i % 3 === 0 ? 28 : 0)), d, "cosine");
    run(Float32Array.from(q, (x) => x * 2 ** -25), c, d, "cosine");
  });
});

describe("without the addon", () => {
  it("EXECBOARD_NATIVE_BLAS=off ranks on WebAssembly with the same result", () => {
    const script = `
      import { matrixRows } from "@/lib/embeddings/row-reader";
      import { nativeBlasStatus } from "@/lib/retrieval/native-blas";
      import { rankRows } from "@/lib/retrieval/rank";
      const d = 16, q = Float32Array.from({ length: 5 * d }, (_, i) => Math.sin(i)), c = Float32Array.from({ length: 60 * d }, (_, i) => Math.cos(i * 1.3));
      const r = rankRows({ queries: matrixRows(q, d), corpus: matrixRows(c, d), similarity: "cosine", k: 10 });
      console.log(JSON.stringify({ status: nativeBlasStatus(), engine: r.stats.engine, top: r.top.map((t) => Array.from(t)), scores: r.scores.map((s) => Array.from(s)) }));
    `;
    const root = path.resolve(import.meta.dirname, "../..");
    const child = (env: Record<string, string>) =>
      JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, env: { ...process.env, ...env } }).toString());
    const off = child({ EXECBOARD_NATIVE_BLAS: "off" }), on = child({});
    expect(off.status).toBe("WebAssembly (EXECBOARD_NATIVE_BLAS=off)");
    expect(off.engine).toBe("wasm");
    expect(on.engine).toBe("blas");
    expect(off.top).toEqual(on.top);
    expect(off.scores).toEqual(on.scores);
  });
});
