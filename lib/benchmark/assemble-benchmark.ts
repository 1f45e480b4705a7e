import type { EditRecord } from "@/lib/construction/generate-distractors";
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

// Ids follow source order among the kept tasks: q_0001…, and per task its canonical then its
// distractors c_0001…; correct_corpus_ids is the canonical. Generated distractors also carry
// `edit` (span in the canonical and size, in characters), which import ignores.
// Gate 5's structural half runs here, on the rows exactly as they will be written.
export function assembleBenchmark(meta: BenchmarkMeta, tasks: BuildTask[]): { data: BuiltBenchmark; queryIds: Map<BuildTask, string> } {
  const queries: QueryRow[] = [];
  const corpus: BuiltCorpusRow[] = [];
  const queryIds = new Map<BuildTask, string>();
  for (const t of alive(tasks)) {
    const queryId = `q_${pad(queries.length + 1)}`;
    const canonicalId = `c_${pad(corpus.length + 1)}`;
    queryIds.set(t, queryId);
    queries.push({
      query_id: queryId,
      function_name: t.task.function_name,
      domain: t.task.domain,
      query: t.task.query,
      test_suite: t.task.test_suite,
      correct_corpus_ids: [canonicalId],
    });
    corpus.push({ corpus_id: canonicalId, query_id: queryId, role: "canonical", code: t.task.canonical, bug_type: null, bug_description: null });
    for (const d of t.distractors) {
      const row: BuiltCorpusRow = {
        corpus_id: `c_${pad(corpus.length + 1)}`,
        query_id: queryId,
        role: "distractor",
        code: d.code,
        bug_type: d.bugType,
        bug_description: d.bugDescription,
      };
      if (d.edit) row.edit = d.edit;
      corpus.push(row);
    }
  }
  const data = { meta, queries, corpus };
  if (queries.length) checkIntegrity({ ...data, sourceSha256: "" });
  return { data, queryIds };
}

/** The three contract files, byte for byte: same build input, same bytes. */
export function serializeBenchmark(data: BuiltBenchmark): Record<"benchmark.json" | "queries.jsonl" | "corpus.jsonl", string> {
  const { slug, name, version, description, license } = data.meta;
  return {
    "benchmark.json": JSON.stringify({ slug, name, version, description, license }, null, 2) + "\n",
    "queries.jsonl": data.queries.map((q) => JSON.stringify(q) + "\n").join(""),
    "corpus.jsonl": data.corpus.map((c) => JSON.stringify(c) + "\n").join(""),
  };
}
