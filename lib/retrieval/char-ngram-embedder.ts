// A lexical baseline that sees operators: character n-grams (n = 2..4) of the raw text, so
// `n & (-n)` and `n | (-n)` differ in the grams " & " / "& (" against " | " / "| (". Runs of
// whitespace collapse to one space first (indentation carries no meaning here); nothing else
// is normalised: case, punctuation and operators are kept. Weighted by sublinear TF x IDF (IDF
// from the corpus), signed-hashed into CHAR_NGRAM_DIMS dimensions, L2-normalised, compared by
// cosine. Deterministic: fixed hash (string-hash.ts), float64 arithmetic.
import type { TextItem } from "./bm25";
import { hashFeature } from "./string-hash";

export const CHAR_NGRAM_EMBEDDER_NAME = "char n-gram TF-IDF";
export const CHAR_NGRAM_DIMS = 4096;
export const CHAR_NGRAM_SIZES = [2, 3, 4] as const;

/** Multiset of character n-grams (code points, whitespace runs collapsed), keyed "n:gram". */
export function charNgrams(text: string): Map<string, number> {
  const chars = Array.from(text.replace(/\s+/gu, " ").trim());
  const counts = new Map<string, number>();
  for (const n of CHAR_NGRAM_SIZES) {
    for (let i = 0; i + n <= chars.length; i++) {
      const g = `${n}:${chars.slice(i, i + n).join("")}`;
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
  }
  return counts;
}

export interface CharNgramEmbeddings {
  name: string;
  dims: number;
  queryMatrix: Float32Array;
  corpusMatrix: Float32Array;
}

/** IDF fitted on the corpus: ln((1 + N) / (1 + df)) + 1, positive even for grams the corpus lacks. */
export function charNgramEmbeddings(queries: TextItem[], corpus: TextItem[], dims = CHAR_NGRAM_DIMS): CharNgramEmbeddings {
  const corpusGrams = corpus.map((c) => charNgrams(c.text));
  const docFreq = new Map<string, number>();
  for (const grams of corpusGrams) for (const g of grams.keys()) docFreq.set(g, (docFreq.get(g) ?? 0) + 1);
  const N = corpus.length;
  const slots = new Map<string, { bucket: number; sign: 1 | -1 }>();
  const embed = (grams: Map<string, number>, out: Float32Array, offset: number) => {
    const acc = new Float64Array(dims);
    for (const [g, tf] of grams) {
      let slot = slots.get(g);
      if (!slot) slots.set(g, (slot = hashFeature(g, dims)));
      acc[slot.bucket] += slot.sign * (1 + Math.log(tf)) * (Math.log((1 + N) / (1 + (docFreq.get(g) ?? 0))) + 1);
    }
    let ss = 0;
    for (let i = 0; i < dims; i++) ss += acc[i] * acc[i];
    const norm = ss > 0 ? Math.sqrt(ss) : 1;
    for (let i = 0; i < dims; i++) out[offset + i] = acc[i] / norm;
  };
  const queryMatrix = new Float32Array(queries.length * dims);
  queries.forEach((q, i) => embed(charNgrams(q.text), queryMatrix, i * dims));
  const corpusMatrix = new Float32Array(corpus.length * dims);
  corpusGrams.forEach((g, i) => embed(g, corpusMatrix, i * dims));
  return { name: CHAR_NGRAM_EMBEDDER_NAME, dims, queryMatrix, corpusMatrix };
}
