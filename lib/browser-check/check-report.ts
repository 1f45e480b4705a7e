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

export interface CheckReport {
  kind: "embeddings" | "ranking";
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
