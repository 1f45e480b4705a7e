// What scoring and the version statistics need to know about an execution-grounded benchmark
// version, in queries.jsonl / corpus.jsonl order: each query's tests and own snippets, each
// snippet's code, and the layout the analyses read.
import { db } from "@/lib/db/client";
import { buildLayout, type BenchmarkLayout } from "./layout";

export interface ScoringQuery {
  dbId: number;
  queryId: string;
  domain: string;
  tests: string[];
  correctCorpusIds: string[];
  /** Corpus row indices of this query's own canonical(s) and distractors, in corpus order. */
  own: number[];
}

export interface ScoringCorpusItem {
  dbId: number;
  corpusId: string;
  code: string;
}

export interface ScoringContext {
  queries: ScoringQuery[];
  corpus: ScoringCorpusItem[];
  /** Roles, bug types, edit sizes and domains, as the analyses (lib/analysis) read them. */
  layout: BenchmarkLayout;
}

// Everything the pipeline needs about a benchmark version, in queries.jsonl / corpus.jsonl order.
export async function loadScoringContext(versionId: number): Promise<ScoringContext> {
  const [queries, corpus] = await Promise.all([
    db().query.findMany({
      where: { versionId },
      orderBy: { position: "asc" },
      select: { id: true, queryId: true, domain: true, tests: true, correctCorpusIds: true },
    }),
    db().corpusItem.findMany({
      where: { versionId },
      orderBy: { position: "asc" },
      select: { id: true, corpusId: true, code: true, queryId: true, role: true, bugType: true },
    }),
  ]);
  const ownByQuery = new Map<string, number[]>();
  corpus.forEach((c, i) => {
    const list = ownByQuery.get(c.queryId) ?? [];
    list.push(i);
    ownByQuery.set(c.queryId, list);
  });
  return {
    queries: queries.map((q) => ({
      dbId: q.id,
      queryId: q.queryId,
      domain: q.domain,
      tests: q.tests,
      correctCorpusIds: q.correctCorpusIds,
      own: ownByQuery.get(q.queryId) ?? [],
    })),
    corpus: corpus.map((c) => ({ dbId: c.id, corpusId: c.corpusId, code: c.code })),
    layout: buildLayout({ queries, corpus }),
  };
}
