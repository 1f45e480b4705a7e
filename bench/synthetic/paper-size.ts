// A SYNTHETIC benchmark of the paper's size (939 queries, 4,694 snippets: 938 queries with
// four distractors and one with three; the ten domains of Table 1; the bug-type mix of Table 2)
// and synthetic embeddings shaped like the paper's (each distractor nearly identical to its
// canonical). For bench/ only: it lives in memory and is never imported into a database, so it
// can never appear on a leaderboard.
import { Xoshiro128 } from "@/lib/metrics/prng";

export const SYNTHETIC_LABEL = "SYNTHETIC paper-size benchmark (bench only, not ExecRetrieval data)";

const DOMAINS: [string, number][] = [
  ["bit_manipulation", 97], ["collections", 98], ["data_transformation", 91], ["date_time", 99], ["geometry", 94],
  ["math_numerical", 90], ["sorting_searching", 94], ["state_machines", 84], ["string_processing", 94], ["validation", 98],
];
const BUG_TYPES: [string, number][] = [
  ["wrong_operator", 857], ["off_by_one_boundary", 650], ["swap_arguments", 650], ["off_by_one", 642], ["wrong_comparison", 617], ["remove_edge_case_check", 339],
];

export interface SyntheticBenchmark {
  queries: { queryId: string; domain: string; correctCorpusIds: string[] }[];
  corpus: { corpusId: string; queryId: string; role: "canonical" | "distractor"; bugType: string | null; code: string }[];
  /** Per corpus row: index of its query. */
  owner: number[];
}

export function syntheticBenchmark(seed = 1): SyntheticBenchmark {
  const rng = new Xoshiro128(seed);
  const domains = DOMAINS.flatMap(([d, n]) => new Array<string>(n).fill(d));
  const bugs = BUG_TYPES.flatMap(([b, n]) => new Array<string>(n).fill(b));
  const queries: SyntheticBenchmark["queries"] = [], corpus: SyntheticBenchmark["corpus"] = [], owner: number[] = [];
  let bug = 0;
  domains.forEach((domain, q) => {
    const queryId = `q_${String(q + 1).padStart(4, "0")}`;
    const canonicalId = `c_${String(corpus.length + 1).padStart(4, "0")}`;
    const body = Array.from({ length: 4 + rng.nextBelow(8) }, (_, i) => `    v${i} = x * ${i + 1} + ${rng.nextBelow(100)}`).join("\n");
    const code = `def f_${q}(x):\n    if x < 0:\n        return 0\n${body}\n    return v0\n`;
    queries.push({ queryId, domain, correctCorpusIds: [canonicalId] });
    corpus.push({ corpusId: canonicalId, queryId, role: "canonical", bugType: null, code });
    owner.push(q);
    for (let k = 0; k < (q === 0 ? 3 : 4); k++) {
      const bugType = bugs[bug++ % bugs.length];
      const cut = 10 + rng.nextBelow(code.length - 20);
      const size = [1, 1, 1, 1, 2 + rng.nextBelow(4), 6 + rng.nextBelow(15), 21 + rng.nextBelow(40)][rng.nextBelow(7)];
      const mutated = bugType === "remove_edge_case_check" ? code.replace("    if x < 0:\n        return 0\n", "") : code.slice(0, cut) + "~".repeat(size) + code.slice(cut + 1);
      corpus.push({ corpusId: `c_${String(corpus.length + 1).padStart(4, "0")}`, queryId, role: "distractor", bugType, code: mutated });
      owner.push(q);
    }
  });
  return { queries, corpus, owner };
}

/**
 * Embeddings shaped like the paper's: per query a topic direction; the canonical is the topic
 * plus noise, each distractor the canonical plus much smaller noise; the query is the topic
 * plus noise. `quality` in (0, 1] scales how strongly the query points at its topic.
 */
export function syntheticEmbeddings(b: SyntheticBenchmark, dims: number, seed: number, quality = 1): { queries: Float32Array; corpus: Float32Array } {
  const rng = new Xoshiro128(seed);
  // Approximately normal: sum of four uniforms, centred, unit variance.
  const normal = () => (rng.nextUint32() + rng.nextUint32() + rng.nextUint32() + rng.nextUint32()) / 2 ** 32 / 0.5773502691896258 - 2 / 0.5773502691896258;
  const Q = b.queries.length, C = b.corpus.length;
  const topics = Float32Array.from({ length: Q * dims }, normal);
  const queries = new Float32Array(Q * dims), corpus = new Float32Array(C * dims);
  for (let q = 0; q < Q; q++) for (let t = 0; t < dims; t++) queries[q * dims + t] = quality * topics[q * dims + t] + normal();
  let canonical = 0;
  for (let j = 0; j < C; j++) {
    const q = b.owner[j];
    if (b.corpus[j].role === "canonical") {
      canonical = j;
      for (let t = 0; t < dims; t++) corpus[j * dims + t] = topics[q * dims + t] + 0.8 * normal();
    } else {
      for (let t = 0; t < dims; t++) corpus[j * dims + t] = corpus[canonical * dims + t] + 0.05 * normal();
    }
  }
  return { queries, corpus };
}
