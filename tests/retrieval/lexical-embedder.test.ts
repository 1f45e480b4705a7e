import { describe, expect, it } from "vitest";
import { LEXICAL_DIMS, LEXICAL_EMBEDDER_NAME, createLexicalEmbedder, lexicalEmbeddings, lexicalFeatures } from "@/lib/retrieval/lexical-embedder";
import { fnv1a32, hashFeature } from "@/lib/retrieval/string-hash";
import { rankCorpus } from "@/lib/retrieval/rank";

const corpus = [
  "def lowest_set_bit(n):\n    return n & (-n)",
  "def reverse_words(s):\n    return ' '.join(reversed(s.split()))",
  "def is_palindrome(s):\n    return s == s[::-1]",
  "def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a",
];

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("string hash", () => {
  it("is FNV-1a 32 over UTF-8 (published test vectors)", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
    expect(fnv1a32("é")).toBe(fnv1a32("\u00e9")); // same code point, same bytes
  });

  it("maps a feature to a fixed bucket and sign", () => {
    const a = hashFeature("w:lowest", 512);
    expect(a).toEqual(hashFeature("w:lowest", 512));
    expect(a.bucket).toBeGreaterThanOrEqual(0);
    expect(a.bucket).toBeLessThan(512);
    expect([1, -1]).toContain(a.sign);
  });
});

describe("lexical features", () => {
  it("are word unigrams, word bigrams and boundary-marked identifier trigrams", () => {
    expect([...lexicalFeatures("fooBar x")]).toEqual([
      ["w:foo", 1], ["b:foo bar", 1], ["w:bar", 1], ["b:bar x", 1], ["w:x", 1],
      ["c:<fo", 1], ["c:foo", 1], ["c:oob", 1], ["c:oba", 1], ["c:bar", 1], ["c:ar>", 1], ["c:<x>", 1],
    ]);
  });
});

describe(LEXICAL_EMBEDDER_NAME, () => {
  it("is named and sized as published", () => {
    const e = createLexicalEmbedder(corpus);
    expect(e.name).toBe("hashed TF-IDF + function name");
    expect(e.dims).toBe(LEXICAL_DIMS);
    expect(e.embed("anything").length).toBe(512);
  });

  it("is deterministic across instances", () => {
    const a = createLexicalEmbedder(corpus).embedMany(corpus);
    const b = createLexicalEmbedder([...corpus]).embedMany(corpus);
    expect(a).toEqual(b);
  });

  it("produces unit vectors (zero only without any alphanumeric)", () => {
    const e = createLexicalEmbedder(corpus);
    for (const text of [...corpus, "Return the lowest set bit", "x"]) expect(norm(e.embed(text))).toBeCloseTo(1, 6);
    expect(e.embed("  ()  ").every((x) => x === 0)).toBe(true);
  });

  it("treats snake_case and camelCase spellings identically", () => {
    const e = createLexicalEmbedder(corpus);
    expect(e.embed("lowestSetBit")).toEqual(e.embed("lowest_set_bit"));
  });

  it("retrieves the obviously matching snippet first (cosine)", () => {
    const queries = [
      { id: "q0", text: "Return the lowest set bit of n. lowest_set_bit" },
      { id: "q1", text: "Reverse the words of a sentence. reverse_words" },
      { id: "q2", text: "Greatest common divisor of a and b. gcd" },
    ];
    const m = lexicalEmbeddings(queries, corpus.map((text, i) => ({ id: `c${i}`, text })));
    expect(m.dims).toBe(512);
    expect(m.queryMatrix.length).toBe(3 * 512);
    const r = rankCorpus({ queries: m.queryMatrix, corpus: m.corpusMatrix, dims: m.dims, similarity: "cosine", k: 1 });
    expect(r.top.map((t) => t[0])).toEqual([0, 1, 3]);
  });
});
