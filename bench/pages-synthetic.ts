// A SYNTHETIC benchmark of the paper's size for the page benchmarks: 939 queries over the ten
// domains of Table 1, 4,694 snippets (938 queries with four single-edit distractors, one with
// three), and 25 synthetic systems whose rankings follow the shape of Table 7 (exec@1 from
// 0.33 down to 0.05, top-k saturating). Nothing here is ExecRetrieval data: every name says
// "synthetic", and it is only ever written to its own database (bench/pages-seed.ts).
import crypto from "node:crypto";
import { Xoshiro128 } from "@/lib/metrics/prng";

export const SYNTHETIC_SLUG = "synthetic-paper-size";
export const SYNTHETIC_NAME = "SYNTHETIC paper-size benchmark";
export const SYNTHETIC_NOTE = "Synthetic data for load benchmarks only: generated queries, code and rankings, not ExecRetrieval results.";
export const SYNTHETIC_VENDOR = "synthetic-bench@bench.invalid";
export const SYNTHETIC_PRIVATE_MODEL = "synthetic-private-embedder";

const DOMAINS: [string, number][] = [
  ["bit_manipulation", 97], ["collections", 98], ["data_transformation", 91], ["date_time", 99], ["geometry", 94],
  ["math_numerical", 90], ["sorting_searching", 94], ["state_machines", 84], ["string_processing", 94], ["validation", 98],
];
// date_time is the hardest domain in the paper (§5.7): it lowers every system's odds there.
const DOMAIN_EASE: Record<string, number> = { date_time: -0.35, bit_manipulation: 0.15, state_machines: 0.1 };

// (exec@1, exec@3, exec@5, exec@10) per synthetic system, shaped like Table 7.
const SYSTEM_TARGETS: [number, number, number, number][] = [
  [0.331, 0.823, 0.997, 1.0], [0.329, 0.889, 0.988, 1.0], [0.224, 0.795, 0.937, 0.984], [0.214, 0.784, 0.979, 0.997],
  [0.204, 0.786, 0.983, 0.998], [0.196, 0.791, 0.982, 0.998], [0.185, 0.781, 0.988, 1.0], [0.113, 0.701, 0.939, 0.985],
  [0.104, 0.662, 0.904, 0.965], [0.104, 0.661, 0.897, 0.959], [0.086, 0.564, 0.832, 0.909], [0.085, 0.622, 0.84, 0.932],
  [0.085, 0.571, 0.811, 0.888], [0.083, 0.624, 0.863, 0.941], [0.083, 0.626, 0.862, 0.943], [0.078, 0.63, 0.859, 0.941],
  [0.077, 0.636, 0.858, 0.95], [0.076, 0.603, 0.851, 0.939], [0.073, 0.535, 0.8, 0.897], [0.071, 0.627, 0.887, 0.952],
  [0.069, 0.571, 0.8, 0.892], [0.069, 0.609, 0.863, 0.935], [0.058, 0.234, 0.328, 0.422], [0.05, 0.383, 0.556, 0.671],
  [0.15, 0.7, 0.92, 0.99],
];
const PROVIDERS = ["Synthetic Lab A", "Synthetic Lab B", "Synthetic Lab C", "Synthetic Open Models"];

export interface SyntheticQuery {
  queryId: string;
  functionName: string;
  domain: string;
  text: string;
  tests: string[];
  correctCorpusIds: string[];
}

export interface SyntheticSnippet {
  corpusId: string;
  queryId: string;
  role: "canonical" | "distractor";
  code: string;
  bugType: string | null;
  bugDescription: string | null;
}

export interface SyntheticSystem {
  model: string;
  provider: string;
  similarity: "cosine" | "dot";
  dims: number;
  openWeights: boolean;
  isBaseline: boolean;
  /** Per query (benchmark order): the ranked top-10 as corpus rows, their scores, and the scores of the query's own rows. */
  rankings: { top: number[]; topScores: number[]; own: { row: number; score: number }[] }[];
}

export interface SyntheticBenchmark {
  queries: SyntheticQuery[];
  corpus: SyntheticSnippet[];
  /** Per query: its own corpus rows (canonical first). */
  ownRows: number[][];
  /** Per query: seven other queries' canonicals that may fill its top-10. */
  strangers: number[][];
  /** Per (query, corpus row) pair that any ranking can show: the per-test outcomes. */
  outcomes: Map<string, string[]>;
  systems: SyntheticSystem[];
}

const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const codeHash = sha;
export const testsHash = (tests: string[]) => sha(JSON.stringify(tests));

function mutate(bug: string, p: { a: number; b: number; c: number; d: number }, canonical: string): { code: string; description: string } {
  const swap = (from: string, to: string) => canonical.replace(from, to);
  switch (bug) {
    case "wrong_operator":
      return { code: swap(`x * ${p.c}`, `x + ${p.c}`), description: `Changed \`x * ${p.c}\` to \`x + ${p.c}\`.` };
    case "wrong_comparison":
      return { code: swap(`if x < ${p.a}:`, `if x <= ${p.a}:`), description: `Changed \`x < ${p.a}\` to \`x <= ${p.a}\`.` };
    case "off_by_one":
      return { code: swap(`total - ${p.d}`, `total - ${p.d + 1}`), description: `Subtracts ${p.d + 1} instead of ${p.d}.` };
    case "off_by_one_boundary":
      return { code: swap(`if x < ${p.a}:`, `if x < ${p.a + 1}:`), description: `The guard's boundary moved from ${p.a} to ${p.a + 1}.` };
    case "swap_arguments":
      return { code: swap(`x * ${p.c} + y`, `y * ${p.c} + x`), description: "Swapped the roles of `x` and `y`." };
    default:
      return { code: swap(`    if x < ${p.a}:\n        return ${p.b}\n`, ""), description: `Removed the guard returning ${p.b} for x < ${p.a}.` };
  }
}

const BUGS = ["wrong_operator", "off_by_one_boundary", "swap_arguments", "off_by_one", "wrong_comparison", "remove_edge_case_check"];
const BUG_WEIGHTS = [857, 650, 650, 642, 617, 339];

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 erf), enough for sampling. */
function phi(z: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

export function syntheticBenchmark(seed = 7): SyntheticBenchmark {
  const rng = new Xoshiro128(seed);
  const uniform = () => rng.nextUint32() / 2 ** 32;
  const normal = () => {
    const u = Math.max(uniform(), 1e-12), v = uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const pickBug = (exclude: Set<string>) => {
    for (;;) {
      let x = uniform() * BUG_WEIGHTS.reduce((a, b) => a + b, 0);
      const i = BUG_WEIGHTS.findIndex((w) => (x -= w) < 0);
      if (!exclude.has(BUGS[i])) return BUGS[i];
    }
  };

  const queries: SyntheticQuery[] = [], corpus: SyntheticSnippet[] = [], ownRows: number[][] = [];
  const domains = DOMAINS.flatMap(([d, n]) => new Array<string>(n).fill(d));
  domains.forEach((domain, q) => {
    const queryId = `q_${String(q + 1).padStart(4, "0")}`;
    const functionName = `synthetic_${domain}_${q + 1}`;
    const p = { a: rng.nextBelow(5), b: rng.nextBelow(9), c: 2 + rng.nextBelow(7), d: 1 + rng.nextBelow(9) };
    const canonical = `def ${functionName}(x, y):\n    if x < ${p.a}:\n        return ${p.b}\n    total = x * ${p.c} + y\n    return total - ${p.d}\n`;
    const nTests = 7 + rng.nextBelow(4);
    const tests = Array.from({ length: nTests }, (_, t) => {
      const x = t - 1, y = t * 2;
      return `assert ${functionName}(${x}, ${y}) == ${x < p.a ? p.b : x * p.c + y - p.d}`;
    });
    const canonicalId = `syn_${String(corpus.length + 1).padStart(5, "0")}`;
    queries.push({
      queryId,
      functionName,
      domain,
      text: `SYNTHETIC query ${q + 1} (${domain.replaceAll("_", " ")}): return ${p.b} when x is below ${p.a}, otherwise x times ${p.c} plus y minus ${p.d}.`,
      tests,
      correctCorpusIds: [canonicalId],
    });
    const rows = [corpus.length];
    corpus.push({ corpusId: canonicalId, queryId, role: "canonical", code: canonical, bugType: null, bugDescription: null });
    const used = new Set<string>();
    for (let i = 0; i < (q === 0 ? 3 : 4); i++) {
      const bug = pickBug(used);
      used.add(bug);
      const m = mutate(bug, p, canonical);
      rows.push(corpus.length);
      corpus.push({ corpusId: `syn_${String(corpus.length + 1).padStart(5, "0")}`, queryId, role: "distractor", code: m.code, bugType: bug, bugDescription: m.description });
    }
    ownRows.push(rows);
  });

  // Each query's top-10 is filled past its own rows from seven fixed strangers (other queries'
  // canonicals), so one execution row per (query, stranger) covers every system.
  const strangers = queries.map((_, q) => Array.from({ length: 7 }, (_, i) => ownRows[(q + 1 + i * 131) % queries.length][0]));
  const outcomes = new Map<string, string[]>();
  queries.forEach((query, q) => {
    for (const row of ownRows[q]) {
      const c = corpus[row];
      const fails = c.role === "canonical" ? 0 : 1 + rng.nextBelow(query.tests.length - 1);
      const failing = new Set<number>();
      while (failing.size < fails) failing.add(rng.nextBelow(query.tests.length));
      outcomes.set(`${q}:${row}`, query.tests.map((_, t) => (failing.has(t) ? (t % 3 === 0 ? "FAIL:TypeError" : "FAIL") : "pass")));
    }
    for (const row of strangers[q]) outcomes.set(`${q}:${row}`, query.tests.map(() => "FAIL:NameError"));
  });

  // Per query a shared latent difficulty, so systems agree on which queries are hard (Figure 6a).
  const hardness = queries.map((qq) => normal() + (DOMAIN_EASE[qq.domain] ?? 0));
  const systems: SyntheticSystem[] = SYSTEM_TARGETS.map(([e1, e3, e5, e10], s) => {
    const base = 0.55 + 0.3 * uniform();
    const rankings = queries.map((_, q) => {
      // Where the canonical lands: inverse CDF of the Table 7 step distribution at a correlated uniform.
      const u = phi(0.75 * hardness[q] + 0.66 * normal());
      const rank = u < e1 ? 1 : u < e3 ? 2 + rng.nextBelow(2) : u < e5 ? 4 + rng.nextBelow(2) : u < e10 ? 6 + rng.nextBelow(5) : 11;
      const distractors = ownRows[q].slice(1).sort(() => uniform() - 0.5);
      const others = [...strangers[q]];
      const clustered = e5 > 0.7; // strong systems keep a query's own near-clones together at the top
      const top: number[] = [];
      for (let slot = 1; slot <= 10; slot++) {
        if (slot === rank) top.push(ownRows[q][0]);
        else if (distractors.length > 0 && (clustered || uniform() < 0.5)) top.push(distractors.shift()!);
        else top.push(others.shift() ?? distractors.shift()!);
      }
      let score = base + 0.03 * normal();
      const topScores = top.map((row, i) => {
        if (i > 0) score -= corpus[row].queryId === queries[q].queryId ? 0.002 + 0.008 * uniform() : 0.01 + 0.03 * uniform();
        return Math.round(score * 1e6) / 1e6;
      });
      const floor = topScores[9];
      const own = ownRows[q].map((row) => {
        const at = top.indexOf(row);
        return { row, score: at >= 0 ? topScores[at] : Math.round((floor - 0.005 - 0.05 * uniform()) * 1e6) / 1e6 };
      });
      return { top, topScores, own };
    });
    const isBaseline = s === 22;
    return {
      model: isBaseline ? "synthetic-bm25" : `synthetic-embedder-${String(s + 1).padStart(2, "0")}`,
      provider: isBaseline ? "ExecBoard baseline" : PROVIDERS[s % PROVIDERS.length],
      similarity: s === 18 ? "dot" : "cosine",
      dims: isBaseline ? 0 : [3072, 1024, 1536, 768, 384, 2560, 4096][s % 7],
      openWeights: !isBaseline && s % 4 === 3,
      isBaseline,
      rankings,
    };
  });
  return { queries, corpus, ownRows, strangers, outcomes, systems };
}
