// A dense lexical baseline that needs no model download: signed feature hashing of word
// unigrams, word bigrams and identifier character trigrams into 512 dimensions, weighted by
// sublinear TF x IDF (IDF learned from the corpus), L2-normalised, compared by cosine.
// Deterministic: fixed tokenizer, fixed string hash (FNV-1a + fmix32), float64 arithmetic.
import { foldedIdentifiers, tokenize } from "./tokenize";
import { hashFeature } from "./string-hash";
import type { TextItem } from "./bm25";

export const LEXICAL_EMBEDDER_NAME = "hashed TF-IDF + function name";
export const LEXICAL_DIMS = 512;

export interface LexicalEmbedder {
  name: string;
  dims: number;
  /** Unit-length vector (all zeros only for text without a single letter or digit). */
  embed(text: string): Float32Array;
  /** Row-major matrix of `embed` for each text. */
  embedMany(texts: readonly string[]): Float32Array;
}

/**
 * Feature multiset of a text. Prefixes keep the three families in separate hash inputs; "<" and
 * ">" mark identifier boundaries and cannot occur inside an identifier.
 */
export function lexicalFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (f: string) => counts.set(f, (counts.get(f) ?? 0) + 1);
  const words = tokenize(text);
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]}`);
    if (i + 1 < words.length) add(`b:${words[i]} ${words[i + 1]}`);
  }
  for (const ident of foldedIdentifiers(text)) {
    const chars = Array.from(`<${ident}>`); // code points, so astral characters stay whole
    for (let i = 0; i + 3 <= chars.length; i++) add(`c:${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  }
  return counts;
}

/** Fit IDF on the corpus texts: idf(f) = ln((1 + N) / (1 + df(f))) + 1, positive even for unseen features. */
export function createLexicalEmbedder(corpusTexts: readonly string[]): LexicalEmbedder {
  const docFreq = new Map<string, number>();
  for (const text of corpusTexts) {
    for (const f of lexicalFeatures(text).keys()) docFreq.set(f, (docFreq.get(f) ?? 0) + 1);
  }
  const N = corpusTexts.length;
  const idf = (f: string) => Math.log((1 + N) / (1 + (docFreq.get(f) ?? 0))) + 1;

  // Hashing dominates for large corpora; a feature's slot never changes, so remember it.
  const slots = new Map<string, number>();
  const slot = (f: string) => {
    let s = slots.get(f);
    if (s === undefined) {
      const { bucket, sign } = hashFeature(f, LEXICAL_DIMS);
      s = bucket * 2 + (sign < 0 ? 1 : 0);
      slots.set(f, s);
    }
    return s;
  };

  const embedInto = (text: string, out: Float32Array, offset: number) => {
    const acc = new Float64Array(LEXICAL_DIMS);
    for (const [f, tf] of lexicalFeatures(text)) {
      const s = slot(f), w = (1 + Math.log(tf)) * idf(f);
      acc[s >> 1] += s & 1 ? -w : w;
    }
    let ss = 0;
    for (let i = 0; i < LEXICAL_DIMS; i++) ss += acc[i] * acc[i];
    const norm = ss > 0 ? Math.sqrt(ss) : 1;
    for (let i = 0; i < LEXICAL_DIMS; i++) out[offset + i] = acc[i] / norm;
  };

  return {
    name: LEXICAL_EMBEDDER_NAME,
    dims: LEXICAL_DIMS,
    embed(text) {
      const out = new Float32Array(LEXICAL_DIMS);
      embedInto(text, out, 0);
      return out;
    },
    embedMany(texts) {
      const out = new Float32Array(texts.length * LEXICAL_DIMS);
      texts.forEach((t, i) => embedInto(t, out, i * LEXICAL_DIMS));
      return out;
    },
  };
}

/** Baseline matrices for a benchmark: IDF fitted on the corpus, queries embedded with the same model. */
export function lexicalEmbeddings(
  queries: TextItem[],
  corpus: TextItem[],
): { name: string; dims: number; queryMatrix: Float32Array; corpusMatrix: Float32Array } {
  const embedder = createLexicalEmbedder(corpus.map((c) => c.text));
  return {
    name: embedder.name,
    dims: embedder.dims,
    queryMatrix: embedder.embedMany(queries.map((q) => q.text)),
    corpusMatrix: embedder.embedMany(corpus.map((c) => c.text)),
  };
}
