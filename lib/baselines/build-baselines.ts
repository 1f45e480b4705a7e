import { db } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { bm25Embeddings } from "@/lib/retrieval/bm25";
import { CHAR_NGRAM_DIMS, CHAR_NGRAM_EMBEDDER_NAME, charNgramEmbeddings } from "@/lib/retrieval/char-ngram-embedder";
import { LEXICAL_EMBEDDER_NAME, lexicalEmbeddings } from "@/lib/retrieval/lexical-embedder";
import { plainTokenize } from "@/lib/retrieval/tokenize";

export interface BaselineFile {
  key: "bm25" | "bm25-function-name" | "char-ngram" | "lexical" | "repo-bm25" | "repo-structural" | "repo-fusion";
  file: Buffer;
  metadata: Record<string, unknown>;
}

/** Model names of the baselines, as they appear on the leaderboard. */
export const BASELINE_MODELS = {
  bm25: "BM25",
  "bm25-function-name": "BM25 + function name",
  "char-ngram": CHAR_NGRAM_EMBEDDER_NAME,
  lexical: LEXICAL_EMBEDDER_NAME,
} as const;

// The project's own baselines, written as ordinary submission files so they travel the same
// path as a vendor's (sparse scores as dense vectors; ties are scored like any submission's):
// - BM25 the paper's way, the reference lexical baseline: the query's text only, a plain
//   tokenizer, k1 = 1.5, b = 0.75;
// - BM25 + function name: today's earlier variant, which adds the task's function name to the
//   query and splits identifiers, so it finds the task by name (the paper's BM25 does not);
// - character n-gram TF-IDF, which sees operators (`&` against `|`);
// - a hashed word/identifier TF-IDF embedder, also reading the function name.
export async function buildBaselines(versionId: number): Promise<BaselineFile[]> {
  const [queries, corpus] = await Promise.all([
    db().query.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { queryId: true, text: true, functionName: true } }),
    db().corpusItem.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { corpusId: true, code: true } }),
  ]);
  const textOnly = queries.map((x) => ({ id: x.queryId, text: x.text }));
  const withName = queries.map((x) => ({ id: x.queryId, text: `${x.text} ${x.functionName}` }));
  const code = corpus.map((x) => ({ id: x.corpusId, text: x.code }));
  const queryIds = queries.map((x) => x.queryId);
  const corpusIds = corpus.map((x) => x.corpusId);
  const file = (m: { dims: number; queryMatrix: Float32Array; corpusMatrix: Float32Array }) =>
    writeNpz({
      query_embeddings: { data: m.queryMatrix, shape: [queryIds.length, m.dims] },
      corpus_embeddings: { data: m.corpusMatrix, shape: [corpusIds.length, m.dims] },
      query_ids: queryIds,
      corpus_ids: corpusIds,
    });
  const common = { provider: "ExecBoard baseline", openWeights: true };

  const bm25 = bm25Embeddings(textOnly, code, { k1: 1.5, b: 0.75, tokenizer: plainTokenize });
  const bm25Named = bm25Embeddings(withName, code, { k1: 1.5, b: 0.75 });
  const ngram = charNgramEmbeddings(textOnly, code);
  const lex = lexicalEmbeddings(withName, code);
  return [
    {
      key: "bm25",
      file: file(bm25),
      metadata: {
        ...common,
        model: BASELINE_MODELS.bm25,
        similarity: "dot",
        dimensions: bm25.dims,
        notes:
          "Okapi BM25 as the paper runs it (k1 = 1.5, b = 0.75): the query's text only against snippet code; tokens are maximal runs of letters and digits, lowercased (operators, punctuation and _ separate). Identical token bags score identically: such ties count as chance.",
      },
    },
    {
      key: "bm25-function-name",
      file: file(bm25Named),
      metadata: {
        ...common,
        model: BASELINE_MODELS["bm25-function-name"],
        similarity: "dot",
        dimensions: bm25Named.dims,
        notes:
          "Okapi BM25 (k1 = 1.5, b = 0.75) with what the paper's BM25 does not have: the task's function name added to the query, and identifiers split into words (snake_case, camelCase), so it finds a task's snippets by name.",
      },
    },
    {
      key: "char-ngram",
      file: file(ngram),
      metadata: {
        ...common,
        model: BASELINE_MODELS["char-ngram"],
        similarity: "cosine",
        dimensions: CHAR_NGRAM_DIMS,
        notes:
          "Character 2-4-grams of the raw text (operators and punctuation kept, whitespace runs collapsed), sublinear TF × IDF, signed-hashed into 4,096 dimensions, L2-normalised; the query's text only. It sees operators: n & (-n) and n | (-n) differ.",
      },
    },
    {
      key: "lexical",
      file: file(lex),
      metadata: {
        ...common,
        model: LEXICAL_EMBEDDER_NAME,
        similarity: "cosine",
        dimensions: lex.dims,
        notes: "Signed feature hashing of word unigrams, bigrams and identifier character trigrams into 512 dimensions, sublinear TF × IDF, L2-normalised; the query's text plus its function name.",
      },
    },
  ];
}
