import type { EditRecord } from "@/lib/construction/generate-distractors";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { alive, type BuildTask } from "./build-state";
import { checkIntegrity } from "./check-integrity";
import type { BenchmarkMeta, CorpusRow, QueryRow } from "./format";

export type BuiltCorpusRow = CorpusRow & { edit?: EditRecord };

export interface BuiltBenchmark {
  meta: BenchmarkMeta;
  queries: QueryRow[];
  corpus: BuiltCorpusRow[];
}

const pad = (n: number) => String(n).padStart(4, "0");

/** The corpus seed a build uses when its source names none: the first 32 bits of the source hash. */
export function defaultCorpusSeed(sourceSha256: string): number {
  return parseInt(sourceSha256.slice(0, 8), 16) >>> 0;
}

/** Fisher-Yates with xoshiro128** (lib/metrics/prng.ts): the same permutation on every machine. */
export function seededPermutation(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = new Xoshiro128(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// Query ids follow source order among the kept tasks: q_0001…. The corpus is written in a
// seeded shuffle (meta.corpus_seed) and numbered c_0001… in that order, so neither a snippet's
// position nor its id says whether it is a canonical or which task it belongs to: a retriever
// (or a ranking file) that breaks ties by corpus order or id gains nothing. correct_corpus_ids
// name the canonical. Generated distractors also carry `edit` (span in the canonical and size,
// in characters), which import ignores. Gate 5's structural half runs here, on the rows exactly
// as they will be written.
export function assembleBenchmark(meta: BenchmarkMeta & { corpus_seed: number }, tasks: BuildTask[]): { data: BuiltBenchmark; queryIds: Map<BuildTask, string> } {
  const queries: QueryRow[] = [];
  const grouped: BuiltCorpusRow[] = [];
  const queryIds = new Map<BuildTask, string>();
  for (const t of alive(tasks)) {
    const queryId = `q_${pad(queries.length + 1)}`;
    const canonicalId = `canonical:${queryId}`;
    queryIds.set(t, queryId);
    queries.push({
      query_id: queryId,
      function_name: t.task.function_name,
      domain: t.task.domain,
      query: t.task.query,
      test_suite: t.task.test_suite,
      correct_corpus_ids: [canonicalId],
    });
    grouped.push({ corpus_id: canonicalId, query_id: queryId, role: "canonical", code: t.task.canonical, bug_type: null, bug_description: null });
    t.distractors.forEach((d, i) => {
      const row: BuiltCorpusRow = {
        corpus_id: `distractor:${queryId}:${i}`,
        query_id: queryId,
        role: "distractor",
        code: d.code,
        bug_type: d.bugType,
        bug_description: d.bugDescription,
      };
      if (d.edit) row.edit = d.edit;
      grouped.push(row);
    });
  }
  const order = seededPermutation(grouped.length, meta.corpus_seed);
  const corpus = order.map((from, i) => ({ ...grouped[from], corpus_id: `c_${pad(i + 1)}` }));
  const idOf = new Map(order.map((from, i) => [grouped[from].corpus_id, corpus[i].corpus_id]));
  for (const q of queries) q.correct_corpus_ids = q.correct_corpus_ids.map((id) => idOf.get(id)!);
  const data = { meta, queries, corpus };
  if (queries.length) checkIntegrity({ ...data, sourceSha256: "" });
  return { data, queryIds };
}

/** The three contract files, byte for byte: same build input, same bytes. */
export function serializeBenchmark(data: BuiltBenchmark): Record<"benchmark.json" | "queries.jsonl" | "corpus.jsonl", string> {
  const { slug, name, version, description, license, corpus_seed } = data.meta;
  return {
    "benchmark.json": JSON.stringify({ slug, name, version, description, license, corpus_seed }, null, 2) + "\n",
    "queries.jsonl": data.queries.map((q) => JSON.stringify(q) + "\n").join(""),
    "corpus.jsonl": data.corpus.map((c) => JSON.stringify(c) + "\n").join(""),
  };
}
