// BM25 (Robertson & Zaragoza 2009) expressed as embeddings, so the baseline goes through the
// same exact ranking as any submission (similarity "dot"):
//   query row q_t = IDF(t) * count(t in query)
//   doc row   d_t = tf(t,d)(k1+1) / (tf(t,d) + k1(1 - b + b|d|/avgdl))
// and dot(q, d) = sum over query terms of IDF * saturated tf = BM25(query, d), with repeated
// query terms counted once per occurrence.
import { AppError } from "@/lib/errors/app-error";
import { countTerms, tokenize } from "./tokenize";

export type Tokenizer = (text: string) => string[];

export interface TextItem {
  id: string;
  text: string;
}

export interface Bm25Params {
  k1?: number;
  b?: number;
  /** Default: the identifier-aware tokenizer (tokenize.ts). */
  tokenizer?: Tokenizer;
}

export interface Bm25Embeddings {
  dims: number;
  /** Term of each dimension: the sorted union of query and corpus terms. */
  vocabulary: string[];
  queryMatrix: Float32Array;
  corpusMatrix: Float32Array;
}

/** What the "BM25 + function name" baseline reads of a query: its text plus the target function name. */
export function bm25QueryText(q: { query: string; function_name: string }): string {
  return `${q.query}\n${q.function_name}`;
}

/** What BM25 reads of a corpus snippet: its code. */
export function bm25SnippetText(c: { code: string }): string {
  return c.code;
}

/** IDF with the +1 inside the log, so it is strictly positive even for terms in every document. */
export function bm25Idf(corpusSize: number, docFreq: number): number {
  return Math.log(1 + (corpusSize - docFreq + 0.5) / (docFreq + 0.5));
}

export function bm25Embeddings(queries: TextItem[], corpus: TextItem[], params: Bm25Params = {}): Bm25Embeddings {
  const k1 = params.k1 ?? 1.5, b = params.b ?? 0.75, tok = params.tokenizer ?? tokenize;
  const queryTerms = queries.map((q) => countTerms(tok(q.text)));
  const docTerms = corpus.map((c) => countTerms(tok(c.text)));

  // Why no query row is ever zero: IDF > 0 for every term (the log argument exceeds 1), and the
  // vocabulary includes query-only terms, so a query with at least one token has a non-zero row.
  // A query without a single token is refused here.
  queryTerms.forEach((terms, i) => {
    if (terms.size === 0) throw new AppError("BAD_REQUEST", `query ${queries[i].id} has no tokens for BM25`);
  });

  const docFreq = new Map<string, number>();
  for (const terms of docTerms) for (const t of terms.keys()) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  const vocab = new Set<string>(docFreq.keys());
  for (const terms of queryTerms) for (const t of terms.keys()) vocab.add(t);
  // Code-unit order, not localeCompare: identical on every machine.
  const vocabulary = [...vocab].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const column = new Map(vocabulary.map((t, i) => [t, i]));
  const dims = vocabulary.length;

  const N = corpus.length;
  const queryMatrix = new Float32Array(queries.length * dims);
  queryTerms.forEach((terms, i) => {
    for (const [t, count] of terms) queryMatrix[i * dims + column.get(t)!] = bm25Idf(N, docFreq.get(t) ?? 0) * count;
  });

  const lengths = docTerms.map((terms) => [...terms.values()].reduce((s, n) => s + n, 0));
  const avgdl = N > 0 ? lengths.reduce((s, n) => s + n, 0) / N : 0;
  const corpusMatrix = new Float32Array(N * dims);
  docTerms.forEach((terms, j) => {
    // All-empty corpus: avgdl is 0; every tf is 0 too, so the length ratio never matters.
    const lengthNorm = k1 * (1 - b + (avgdl > 0 ? (b * lengths[j]) / avgdl : 0));
    for (const [t, tf] of terms) corpusMatrix[j * dims + column.get(t)!] = (tf * (k1 + 1)) / (tf + lengthNorm);
  });

  return { dims, vocabulary, queryMatrix, corpusMatrix };
}
