// What the analyses need to know about a benchmark version, in queries.jsonl / corpus.jsonl
// order: which corpus rows are a query's own canonical and distractors, each distractor's bug
// type and edit size, each query's domain.
import { BUG_TYPES } from "@/lib/benchmark/format";
import { editSize } from "./edit-size";

export interface LayoutQuery {
  queryId: string;
  domain: string;
  /** Rows of correct_corpus_ids (nDCG relevance). */
  correctRows: number[];
  /** Rows with role canonical built for this query (its own canonical implementation). */
  canonicalRows: number[];
  /** Rows with role distractor built for this query, in corpus order. */
  distractorRows: number[];
}

export interface LayoutCorpusItem {
  corpusId: string;
  /** Index of the query this snippet was built for; -1 when that query is not in the version. */
  queryIndex: number;
  role: "canonical" | "distractor";
  bugType: string | null;
  /** One of the six mechanical mutation types of the locked prompt (paper §3.2). */
  mechanical: boolean;
  /** Characters of the single edit against the query's canonical; null for canonicals. */
  editSize: number | null;
}

export interface BenchmarkLayout {
  queries: LayoutQuery[];
  corpus: LayoutCorpusItem[];
}

export interface LayoutSource {
  queries: { queryId: string; domain: string; correctCorpusIds: readonly string[] }[];
  corpus: { corpusId: string; queryId: string; role: "canonical" | "distractor"; bugType: string | null; code: string }[];
}

const MECHANICAL = new Set<string>(BUG_TYPES);

/** Builds the layout; edit sizes compare each distractor with its query's first canonical. */
export function buildLayout(src: LayoutSource): BenchmarkLayout {
  const queryIndex = new Map(src.queries.map((q, i) => [q.queryId, i]));
  const rowOf = new Map(src.corpus.map((c, row) => [c.corpusId, row]));
  const queries: LayoutQuery[] = src.queries.map((q) => ({
    queryId: q.queryId,
    domain: q.domain,
    correctRows: q.correctCorpusIds.map((id) => rowOf.get(id)).filter((r): r is number => r !== undefined),
    canonicalRows: [],
    distractorRows: [],
  }));
  src.corpus.forEach((c, row) => {
    const qi = queryIndex.get(c.queryId);
    if (qi === undefined) return;
    (c.role === "canonical" ? queries[qi].canonicalRows : queries[qi].distractorRows).push(row);
  });
  const corpus: LayoutCorpusItem[] = src.corpus.map((c) => {
    const qi = queryIndex.get(c.queryId) ?? -1;
    const canonicalRow = qi >= 0 ? queries[qi].canonicalRows[0] : undefined;
    return {
      corpusId: c.corpusId,
      queryIndex: qi,
      role: c.role,
      bugType: c.role === "distractor" ? c.bugType : null,
      mechanical: c.role === "distractor" && c.bugType !== null && MECHANICAL.has(c.bugType),
      editSize: c.role === "distractor" && canonicalRow !== undefined ? editSize(src.corpus[canonicalRow].code, c.code) : null,
    };
  });
  return { queries, corpus };
}
