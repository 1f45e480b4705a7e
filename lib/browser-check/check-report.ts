// What the in-browser check of a submission file found: a checklist a person can read (each
// line passed or failed, with the detail), and, when everything passed, what the file holds.
export interface CheckItem {
  label: string;
  ok: boolean;
  detail: string;
}

export interface CheckSummary {
  queries: number;
  corpus: number;
  /** Embedding dimension; null for a ranking file. */
  dims: number | null;
  /** e.g. "float32"; "ranking" for a ranking file. */
  dtype: string;
}

/** A submission type the form sends as `kind`: the first track's two, the repository track's three. */
export type CheckedKind = "embeddings" | "ranking" | "run_trec" | "run_jsonl" | "chunk_embeddings";

/** Whether files of this kind are vectors (so the metadata says how they are compared). */
export function isVectorKind(kind: CheckedKind | null): boolean {
  return kind === null || kind === "embeddings" || kind === "chunk_embeddings";
}

export interface CheckReport {
  kind: CheckedKind;
  ok: boolean;
  items: CheckItem[];
  summary: CheckSummary | null;
}

export interface ExpectedIds {
  queryIds: readonly string[];
  corpusIds: readonly string[];
}

// The file's problems are the server validators' own refusals (lib/embeddings, lib/rankings),
// AppErrors. Anything else is a bug and is rethrown.
export function problemText(e: unknown): string {
  if (e instanceof Error && e.name === "AppError") return e.message;
  throw e;
}
