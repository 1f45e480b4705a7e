// The structural baseline, in the spirit of RepoMap: a graph of the repository's files, ranked by
// personalised PageRank from what the query names.
// - Links: file A and file B when A imports B (weight 1), and when A uses an identifier that B
//   defines (weight 1/d for an identifier defined in d files, summed over identifiers; names
//   defined in more than MAX_DEFINERS files are too common to link anything). Links go both
//   ways: a test that exercises a module is as related to it as the module to the test, and the
//   walk must reach a module's users (code2test, edit2ripple) as well as what it uses.
// - Restart distribution: files defining an identifier the query writes (weight 1/d each), files
//   whose path words the query uses (weight 1 per word, shared by the files with it), and the
//   files the query hands over (given context, weight 1 each): what the query points at, whose
//   neighbours are what an agent reads next. A query that names nothing restarts uniformly.
// - PageRank: damping 0.5 (restarting often keeps the walk near what the query names; 0.85, the
//   usual default, spread it over the whole repository), power iteration until the L1 change is below 1e-9 (at most 100
//   rounds); a file without links restarts. Files the walk never reaches are not retrieved, nor
//   are the given files: the agent has them already (as a repository map leaves out the files
//   already in the chat).
import { pathTokens, codeTokens } from "./code-tokens";
import { ImportResolver } from "./resolve-imports";
import { fileSymbols, queryIdentifiers } from "./symbols";

export const DAMPING = 0.5;
export const MAX_DEFINERS = 20;

export class RepoGraph {
  private readonly out: { to: Int32Array; w: Float64Array }[];
  private readonly definers = new Map<string, number[]>();
  private readonly pathWords = new Map<string, number[]>();
  private readonly index: Map<string, number>;

  constructor(readonly files: readonly { path: string; text: string }[]) {
    this.index = new Map(files.map((f, i) => [f.path, i]));
    const symbols = files.map((f) => fileSymbols(f.path, f.text));
    symbols.forEach((s, i) => {
      for (const d of s.definitions) this.definers.set(d, [...(this.definers.get(d) ?? []), i]);
    });
    files.forEach((f, i) => {
      for (const w of new Set(pathTokens(f.path))) this.pathWords.set(w, [...(this.pathWords.get(w) ?? []), i]);
    });
    const resolver = new ImportResolver(files.map((f) => f.path));
    const links = files.map(() => new Map<number, number>());
    const link = (i: number, j: number, w: number) => {
      if (i === j) return;
      links[i].set(j, (links[i].get(j) ?? 0) + w);
      links[j].set(i, (links[j].get(i) ?? 0) + w);
    };
    symbols.forEach((s, i) => {
      for (const spec of s.imports) for (const p of resolver.resolve(files[i].path, s.language, spec)) link(i, this.index.get(p)!, 1);
      for (const name of s.references.keys()) {
        const defs = this.definers.get(name);
        if (!defs || defs.length > MAX_DEFINERS) continue;
        for (const j of defs) link(i, j, 1 / defs.length);
      }
    });
    this.out = links.map((w) => {
      const to = Int32Array.from(w.keys());
      const total = [...w.values()].reduce((a, b) => a + b, 0);
      return { to, w: Float64Array.from(to, (j) => w.get(j)! / total) };
    });
  }

  /** The restart distribution of a query (uniform when it names nothing of the repository). */
  personalization(query: string, given: readonly string[]): Float64Array {
    const n = this.files.length;
    const p = new Float64Array(n);
    for (const id of queryIdentifiers(query)) {
      const defs = this.definers.get(id);
      if (defs && defs.length <= MAX_DEFINERS) for (const j of defs) p[j] += 1 / defs.length;
    }
    for (const w of new Set(codeTokens(query))) {
      const hits = this.pathWords.get(w);
      if (hits && hits.length <= MAX_DEFINERS) for (const j of hits) p[j] += 1 / hits.length;
    }
    for (const g of given) {
      const j = this.index.get(g);
      if (j !== undefined) p[j] += 1;
    }
    let total = p.reduce((a, b) => a + b, 0);
    if (total === 0) {
      p.fill(1);
      total = n;
    }
    for (let i = 0; i < n; i++) p[i] /= total;
    return p;
  }

  /** Files with a positive personalised PageRank, with it. */
  rank(query: string, given: readonly string[]): { path: string; score: number }[] {
    const n = this.files.length;
    const restart = this.personalization(query, given);
    let r = Float64Array.from(restart);
    for (let round = 0; round < 100; round++) {
      const next = new Float64Array(n);
      let dangling = 0;
      for (let i = 0; i < n; i++) {
        const e = this.out[i];
        if (e.to.length === 0) dangling += r[i];
        else for (let k = 0; k < e.to.length; k++) next[e.to[k]] += DAMPING * r[i] * e.w[k];
      }
      let change = 0;
      for (let i = 0; i < n; i++) {
        next[i] += (1 - DAMPING + DAMPING * dangling) * restart[i];
        change += Math.abs(next[i] - r[i]);
      }
      r = next;
      if (change < 1e-9) break;
    }
    const skip = new Set(given);
    const out: { path: string; score: number }[] = [];
    for (let i = 0; i < n; i++) if (r[i] > 0 && !skip.has(this.files[i].path)) out.push({ path: this.files[i].path, score: r[i] });
    return out;
  }
}
