// The lexical baseline: path-aware Okapi BM25 over whole files. Each file is two fields, its
// content and its path (directories, file name), each scored by BM25 with its own statistics
// (k1 = 1.2, b = 0.75; idf = ln(1 + (N - df + 0.5)/(df + 0.5))), the two summed; the query's
// distinct words each count once. Files that share no word with the query are not retrieved.
import { codeTokens, pathTokens } from "./code-tokens";

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

interface Field {
  tf: Map<string, number>[];
  length: Float64Array;
  df: Map<string, number>;
  avg: number;
}

function field(docs: readonly string[][]): Field {
  const tf = docs.map((d) => {
    const m = new Map<string, number>();
    for (const t of d) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  });
  const df = new Map<string, number>();
  for (const m of tf) for (const t of m.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const length = Float64Array.from(docs, (d) => d.length);
  const avg = docs.length ? length.reduce((a, b) => a + b, 0) / docs.length : 0;
  return { tf, length, df, avg };
}

export class FileBm25 {
  private readonly content: Field;
  private readonly path: Field;

  constructor(readonly files: readonly { path: string; text: string }[]) {
    this.content = field(files.map((f) => codeTokens(f.text)));
    this.path = field(files.map((f) => pathTokens(f.path)));
  }

  private fieldScore(f: Field, doc: number, terms: readonly string[]): number {
    const n = this.files.length;
    let s = 0;
    for (const t of terms) {
      const tf = f.tf[doc].get(t);
      if (!tf) continue;
      const df = f.df.get(t)!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const norm = 1 - BM25_B + BM25_B * (f.avg > 0 ? f.length[doc] / f.avg : 0);
      s += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
    }
    return s;
  }

  /** Every file sharing a word with the query, with its score. */
  search(query: string): { path: string; score: number }[] {
    const terms = [...new Set(codeTokens(query))];
    const out: { path: string; score: number }[] = [];
    for (let d = 0; d < this.files.length; d++) {
      const s = this.fieldScore(this.content, d, terms) + this.fieldScore(this.path, d, terms);
      if (s > 0) out.push({ path: this.files[d].path, score: s });
    }
    return out;
  }
}
