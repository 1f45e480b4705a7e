import { describe, expect, it } from "vitest";
import { rankCorpus } from "@/lib/retrieval/rank";
import { CandidateFilter } from "@/lib/retrieval/candidate-filter";
import { f32ScoreBound } from "@/lib/retrieval/error-bound";
import { Xoshiro128 } from "@/lib/metrics/prng";

const rng = new Xoshiro128(31);
const uniform = () => rng.nextUint32() / 2 ** 32 - 0.5;

function matrix(rows: number, d: number, make: (r: number, t: number) => number): Float32Array {
  return Float32Array.from({ length: rows * d }, (_, i) => make(Math.floor(i / d), i % d));
}

type Input = Parameters<typeof rankCorpus>[0];

/** The float32-filtered path must give exactly the float64 path's answer, scores included. */
function expectSameAsF64(input: Input, options: { threads?: number; corpusChunkRows?: number; queryBlockRows?: number } = {}) {
  const exact = rankCorpus(input, { backend: "js" });
  const fast = rankCorpus(input, { backend: "f32", ...options });
  expect(fast.stats.path).toBe("f32-filter");
  expect(fast.top).toEqual(exact.top);
  expect(fast.scores).toEqual(exact.scores);
  expect(fast.watched).toEqual(exact.watched);
  expect(fast.tied).toEqual(exact.tied);
  expect(fast.tiedTotal).toEqual(exact.tiedTotal);
  return fast;
}

describe("float32 filter + float64 rescoring = the float64 ranking, bit for bit", () => {
  it("random data, cosine and dot, odd sizes, tiny chunks and blocks, 1 and 2 threads", () => {
    for (const [Q, C, d] of [[7, 13, 5], [9, 61, 33], [1, 1, 1], [23, 50, 130]]) {
      const queries = matrix(Q, d, uniform), corpus = matrix(C, d, uniform);
      const watch = Array.from({ length: Q }, (_, i) => [i % C, C - 1]);
      for (const similarity of ["cosine", "dot"] as const) {
        for (const threads of [1, 2]) {
          expectSameAsF64({ queries, corpus, dims: d, similarity, k: 10, watch }, { threads, corpusChunkRows: 6, queryBlockRows: 5 });
        }
      }
    }
  });

  it("exact ties: same top-k order and the same whole tie group at the cut-off", () => {
    // Values in {-1, 0, 1}: most scores tie exactly.
    const q = matrix(11, 3, () => rng.nextBelow(3) - 1), c = matrix(40, 3, () => rng.nextBelow(3) - 1);
    const r = expectSameAsF64({ queries: q, corpus: c, dims: 3, similarity: "dot", k: 10 }, { corpusChunkRows: 7 });
    expect(r.stats.exactPairs).toBeGreaterThan(11 * 10);
    expect(r.tied.some((t) => t.length > 0)).toBe(true);
  });

  it("near-ties finer than float32 can resolve are decided in float64", () => {
    // Every corpus row is one base vector plus a perturbation of ~1e-9: float32 cannot tell
    // them apart, float64 orders them.
    const d = 64, base = Array.from({ length: d }, uniform);
    const corpus = matrix(200, d, (_, t) => base[t]);
    const corpus64 = Float64Array.from(corpus, (v, i) => v + (((i * 7919) % 13) - 6) * 1e-9);
    const queries = Float64Array.from({ length: 5 * d }, (_, i) => base[i % d] + uniform() * 1e-3);
    const exact = rankCorpus({ queries, corpus: corpus64, dims: d, similarity: "cosine" }, { backend: "js" });
    const fast = rankCorpus({ queries, corpus: corpus64, dims: d, similarity: "cosine" }, { backend: "f32" });
    expect(fast.top).toEqual(exact.top);
    expect(fast.scores).toEqual(exact.scores);
    expect(fast.stats.exactPairs).toBe(5 * 200); // nothing could be excluded
  });

  it("dot similarity with rows of very different magnitudes", () => {
    const q = matrix(6, 16, () => uniform() * 1e3), c = matrix(80, 16, (r) => uniform() * 10 ** ((r % 7) - 3));
    expectSameAsF64({ queries: q, corpus: c, dims: 16, similarity: "dot", k: 10 });
  });

  it("falls back to float64 when magnitudes could overflow float32", () => {
    const q = new Float64Array([1e30, 1, 2, 3]), c = new Float64Array([1e30, 0, 0, 1, 2, 2, 0, 1]);
    const r = rankCorpus({ queries: q, corpus: c, dims: 2, similarity: "dot", k: 2 });
    expect(r.stats.path).toBe("f64");
    expect(Array.from(r.top[0])).toEqual([0, 2]);
  });

  it("keeps k larger than the corpus clamped and scores only what it must", () => {
    const q = matrix(4, 8, uniform), c = matrix(3, 8, uniform);
    const r = expectSameAsF64({ queries: q, corpus: c, dims: 8, similarity: "cosine", k: 10 });
    expect(r.top.every((t) => t.length === 3)).toBe(true);
    const big = matrix(2, 32, uniform), many = matrix(3000, 32, uniform);
    const s = expectSameAsF64({ queries: big, corpus: many, dims: 32, similarity: "cosine", k: 10 });
    expect(s.stats.exactPairs).toBeLessThan(2 * 3000 * 0.1); // the filter discards most pairs
  });
});

describe("f32ScoreBound", () => {
  it("holds for every pair of random vectors, and is small", () => {
    const d = 768;
    const { relative, absolute } = f32ScoreBound(d, 1);
    expect(relative).toBeLessThan(1e-4);
    for (let n = 0; n < 200; n++) {
      const a = Array.from({ length: d }, uniform), b = Array.from({ length: d }, uniform);
      const na = Math.sqrt(a.reduce((s, x) => s + x * x, 0)), nb = Math.sqrt(b.reduce((s, x) => s + x * x, 0));
      const an = a.map((x) => x / na), bn = b.map((x) => x / nb);
      let exact = 0, f = Math.fround(0);
      for (let t = 0; t < d; t++) {
        exact += an[t] * bn[t];
        f = Math.fround(f + Math.fround(Math.fround(an[t]) * Math.fround(bn[t])));
      }
      expect(Math.abs(f - exact)).toBeLessThanOrEqual(relative + absolute);
    }
  });
});

describe("CandidateFilter", () => {
  it("keeps every row whose upper bound reaches the k-th best lower bound", () => {
    const f = new CandidateFilter(1, 2);
    const scores = new Float32Array([0.5, 0.9, 0.1, 0.88, 0.7]);
    // Bound 0.01: lower bounds 0.49, 0.89, 0.09, 0.87, 0.69 → k-th (2nd) best lower bound 0.87.
    f.offerRun(0, scores, 0, 5, 0, 0.01, 1, new Float64Array(5).fill(1), 0);
    expect(f.candidates(0).sort()).toEqual([1, 3]);
    // A row just reaching the threshold with its upper bound stays (a possible tie).
    const g = new CandidateFilter(1, 1);
    g.offerRun(0, new Float32Array([1, 0.5]), 0, 2, 10, 0.25, 1, new Float64Array(12).fill(1), 0);
    expect(g.candidates(0)).toEqual([10, 11]);
  });
});
