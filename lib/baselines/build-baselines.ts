import { db } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { bm25Embeddings } from "@/lib/retrieval/bm25";
import { lexicalEmbeddings, LEXICAL_EMBEDDER_NAME } from "@/lib/retrieval/lexical-embedder";

export interface BaselineFile {
  key: "bm25" | "lexical";
  file: Buffer;
  metadata: Record<string, unknown>;
}

// The project's own baselines, written as ordinary submission files so they travel the same
// path as a vendor's: BM25 (k1 = 1.5, b = 0.75) as sparse-as-dense vectors whose dot product
// is the BM25 score, and a hashed TF-IDF embedder compared by cosine.
export async function buildBaselines(versionId: number): Promise<BaselineFile[]> {
  const [queries, corpus] = await Promise.all([
    db().query.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { queryId: true, text: true, functionName: true } }),
    db().corpusItem.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { corpusId: true, code: true } }),
  ]);
  const q = queries.map((x) => ({ id: x.queryId, text: `${x.text} ${x.functionName}` }));
  const c = corpus.map((x) => ({ id: x.corpusId, text: x.code }));
  const queryIds = queries.map((x) => x.queryId);
  const corpusIds = corpus.map((x) => x.corpusId);

  const bm25 = bm25Embeddings(q, c, { k1: 1.5, b: 0.75 });
  const lex = lexicalEmbeddings(q, c);
  const file = (m: { dims: number; queryMatrix: Float32Array; corpusMatrix: Float32Array }) =>
    writeNpz({
      query_embeddings: { data: m.queryMatrix, shape: [queryIds.length, m.dims] },
      corpus_embeddings: { data: m.corpusMatrix, shape: [corpusIds.length, m.dims] },
      query_ids: queryIds,
      corpus_ids: corpusIds,
    });
  return [
    {
      key: "bm25",
      file: file(bm25),
      metadata: {
        model: "BM25",
        provider: "ExecBoard baseline",
        similarity: "dot",
        openWeights: true,
        dimensions: bm25.dims,
        notes: "Okapi BM25, k1 = 1.5, b = 0.75, identifier-aware tokenizer; query text plus function name against snippet code.",
      },
    },
    {
      key: "lexical",
      file: file(lex),
      metadata: {
        model: LEXICAL_EMBEDDER_NAME,
        provider: "ExecBoard baseline",
        similarity: "cosine",
        openWeights: true,
        dimensions: lex.dims,
        notes: "Signed feature hashing of word unigrams, bigrams and identifier character trigrams, sublinear TF × IDF, L2-normalised.",
      },
    },
  ];
}
