import { describe, expect, it } from "vitest";
import { bm25Embeddings, bm25Idf, bm25QueryText, bm25SnippetText } from "@/lib/retrieval/bm25";
import { rankCorpus } from "@/lib/retrieval/rank";
import { tokenize } from "@/lib/retrieval/tokenize";
import { AppError } from "@/lib/errors/app-error";

// Textbook BM25 written independently of the embedding construction.
function directBm25(query: string, docs: string[], k1 = 1.5, b = 0.75): number[] {
  const tokenised = docs.map(tokenize);
  const N = docs.length;
  const avgdl = tokenised.reduce((s, d) => s + d.length, 0) / N;
  return tokenised.map((doc) => {
    let score = 0;
    for (const term of tokenize(query)) {
      const n = tokenised.filter((d) => d.includes(term)).length;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      const tf = doc.filter((t) => t === term).length;
      score += (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * doc.length) / avgdl));
    }
    return score;
  });
}

const dot = (m: Float32Array, i: number, n: Float32Array, j: number, d: number) => {
  let s = 0;
  for (let t = 0; t < d; t++) s += m[i * d + t] * n[j * d + t];
  return s;
};

const corpus = [
  "def lowest_set_bit(n):\n    if n < 1:\n        return 0\n    return n & (-n)",
  "def lowest_set_bit(n):\n    if n < 1:\n        return 0\n    return n | (-n)",
  "def reverse_words(s):\n    return ' '.join(reversed(s.split()))",
  "def countBits(n):\n    c = 0\n    while n:\n        n &= n - 1\n        c += 1\n    return c",
  "x = 1",
];
const queries = [
  "Return the lowest set bit of n lowest_set_bit",
  "Reverse the order of words in a sentence reverse_words",
  "count set bits set set countBits",
  "zebra quagga", // terms absent from the corpus
];

describe("bm25Embeddings", () => {
  const emb = bm25Embeddings(
    queries.map((text, i) => ({ id: `q${i}`, text })),
    corpus.map((text, i) => ({ id: `c${i}`, text })),
  );

  it("dot(query row, corpus row) equals the direct BM25 score for every pair", () => {
    queries.forEach((q, i) => {
      const expected = directBm25(q, corpus);
      expected.forEach((score, j) => {
        // Float32 storage: agreement to float32 precision, not bit for bit.
        expect(Math.abs(dot(emb.queryMatrix, i, emb.corpusMatrix, j, emb.dims) - score)).toBeLessThan(1e-5 * Math.max(1, score));
      });
    });
  });

  it("matches a hand-computed score", () => {
    // corpus ["a b", "a a c"], query "a": N = 2, n_a = 2, avgdl = 2.5.
    const e = bm25Embeddings([{ id: "q", text: "a" }], [{ id: "d0", text: "a b" }, { id: "d1", text: "a a c" }]);
    const idf = Math.log(1 + 0.5 / 2.5);
    const d0 = (idf * 2.5) / (1 + 1.5 * (0.25 + (0.75 * 2) / 2.5));
    const d1 = (idf * 2 * 2.5) / (2 + 1.5 * (0.25 + (0.75 * 3) / 2.5));
    expect(e.vocabulary).toEqual(["a", "b", "c"]);
    expect(dot(e.queryMatrix, 0, e.corpusMatrix, 0, 3)).toBeCloseTo(d0, 6);
    expect(dot(e.queryMatrix, 0, e.corpusMatrix, 1, 3)).toBeCloseTo(d1, 6);
    expect(Array.from(e.corpusMatrix.slice(0, 3), (x) => x > 0)).toEqual([true, true, false]);
  });

  it("uses a sorted union vocabulary, so query-only terms keep a query row non-zero", () => {
    expect(emb.vocabulary).toEqual([...emb.vocabulary].sort());
    expect(emb.vocabulary).toContain("zebra");
    expect(emb.dims).toBe(emb.vocabulary.length);
    for (let i = 0; i < queries.length; i++) {
      expect(emb.queryMatrix.slice(i * emb.dims, (i + 1) * emb.dims).some((x) => x > 0)).toBe(true);
    }
    const zebra = emb.vocabulary.indexOf("zebra");
    expect(emb.queryMatrix[3 * emb.dims + zebra]).toBeCloseTo(bm25Idf(5, 0), 6);
    // Repeated query terms count once per occurrence: "set" is 3 times in query 2, in 2 documents.
    expect(emb.queryMatrix[2 * emb.dims + emb.vocabulary.indexOf("set")]).toBeCloseTo(3 * bm25Idf(5, 2), 5);
  });

  it("ranks through rankCorpus (dot) in the order of the direct scores", () => {
    const r = rankCorpus({ queries: emb.queryMatrix, corpus: emb.corpusMatrix, dims: emb.dims, similarity: "dot", k: 5 });
    const expected = directBm25(queries[0], corpus).map((s, j) => ({ s, j })).sort((a, b) => b.s - a.s || a.j - b.j);
    expect(Array.from(r.top[0])).toEqual(expected.map((e) => e.j));
    expect(r.top[0][0]).toBe(0); // canonical and its `|` distractor tie; corpus order decides
  });

  it("refuses a query without a single token", () => {
    expect(() => bm25Embeddings([{ id: "q", text: "?!" }], [{ id: "c", text: "x" }])).toThrow(AppError);
  });

  it("builds texts as the paper does: query text plus function name, snippet code", () => {
    expect(tokenize(bm25QueryText({ query: "Isolate the lowest bit.", function_name: "lowest_set_bit" }))).toEqual([
      "isolate", "the", "lowest", "bit", "lowest", "set", "bit",
    ]);
    expect(bm25SnippetText({ code: "return n" })).toBe("return n");
  });
});
