export { rankCorpus, rankRows, type RankInput, type RankRowsInput, type RankOptions, type RankResult, type Similarity } from "./rank";
export { matrixRows, type RowReader } from "@/lib/embeddings/row-reader";
export { tokenize, foldedIdentifiers, countTerms } from "./tokenize";
export { bm25Embeddings, bm25Idf, bm25QueryText, bm25SnippetText, type Bm25Embeddings, type TextItem } from "./bm25";
export { createLexicalEmbedder, lexicalEmbeddings, lexicalFeatures, LEXICAL_EMBEDDER_NAME, LEXICAL_DIMS } from "./lexical-embedder";
export { fnv1a32, fmix32, hashFeature } from "./string-hash";
