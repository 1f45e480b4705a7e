// Why a submission failed, as its vendor needs to read it: what happened in words, the lines of
// the scoring log that matter, and what to change before submitting again. Pure: the facts come
// from the submission and its last failed scoring run (lib/submissions/get-submission.ts).

export interface FailureFacts {
  /** The submission's own error (the status line). */
  error: string | null;
  /** The pipeline stage the run stopped in. */
  stage: string | null;
  /** The failing step's error code and details (evaluations.error_details), if recorded. */
  details: Record<string, unknown> | null;
  /** The run's log (timestamped lines). */
  log: string;
  /** The platform refunded it: the failure was not the file's. */
  refunded: boolean;
  /** The submission is a ranking file rather than embeddings. */
  ranking: boolean;
}

export interface FailureExplanation {
  /** The vendor's file (it stays charged to the quota) or the platform (refunded). */
  cause: "file" | "platform";
  title: string;
  /** What happened, in words. */
  what: string;
  stage: string | null;
  /** The log lines of the failed attempt that matter (no stack frames). */
  excerpt: string[];
  /** What to change before submitting again. */
  fix: string[];
  refunded: boolean;
}

const EXCERPT_LINES = 12;

/** The failed attempt's part of the log: its "attempt N failed" line and what follows, without stack frames. */
export function logExcerpt(log: string): string[] {
  const lines = log.split("\n").filter((l) => l.trim() !== "");
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/\battempt \d+ failed\b/.test(lines[i]) || /\bgave up:/.test(lines[i])) {
      start = i;
      if (/\battempt \d+ failed\b/.test(lines[i])) break;
    }
  }
  const from = start >= 0 ? lines.slice(start) : lines.slice(-EXCERPT_LINES);
  return from.filter((l) => !/^\s+at\s/.test(l) && !/^\s*caused by\b/.test(l)).slice(0, EXCERPT_LINES);
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

type Known = Omit<FailureExplanation, "stage" | "excerpt" | "refunded">;

function tieTooLarge(d: Record<string, unknown>, ranking: boolean): Known {
  const q = str(d.queryId) ?? "a query";
  const size = num(d.tieGroupSize);
  const limit = num(d.limit) ?? 100;
  return {
    cause: "file",
    title: "Too many snippets tie at the top-10 cut-off",
    what: `For ${q}, ${size ?? "more than " + limit} corpus snippets received exactly the same score${d.score !== undefined ? ` (${String(d.score)})` : ""} right at rank 10. Every snippet tied with the 10th is executed, so ExecBoard stops at groups of ${limit}; a group this large means the scores cannot tell the snippets apart.`,
    fix: ranking
      ? ["Give distinct scores to snippets you mean to order: equal scores are ties whatever the line order.", "If many snippets truly score alike for a query, list fewer of them at that score."]
      : [
          "Check that every corpus row is the embedding of its own snippet: duplicated rows, an empty or constant input text, or a tokenizer that maps code to unknown tokens all produce identical vectors.",
          "Check that the text was not cut to a prefix many snippets share (e.g. a very short maximum length that keeps only `def `).",
          "Embed in the precision you submit: float16 rounding can merge vectors that differ only slightly; float32 keeps them apart.",
        ],
  };
}

function identicalRows(d: Record<string, unknown>): Known {
  const matrix = str(d.matrix) ?? "an embedding matrix";
  const corpus = matrix === "corpus_embeddings";
  return {
    cause: "file",
    title: `Every row of ${matrix} is the same vector`,
    what: `${num(d.rows) === null ? "All rows" : `All ${num(d.rows)} rows`} of ${matrix} are identical, so ${corpus ? "every snippet would tie for every query" : "every query would get the same ranking"}: there is nothing to rank.`,
    fix: [
      corpus ? "Embed each snippet's `code` field (corpus.jsonl), one row per snippet, in the order of corpus_ids." : "Embed each query's `query` text (queries.jsonl), one row per query, in the order of query_ids.",
      "A common cause is embedding one field for every row (an empty string, a constant prompt) or writing the same buffer repeatedly.",
    ],
  };
}

function explainKnown(f: FailureFacts): Known | null {
  const d = f.details ?? {};
  switch (str(d.reason)) {
    case "tie-group-too-large":
      return tieTooLarge(d, f.ranking);
    case "tie-group-cut-off":
      return {
        cause: "file",
        title: "The ranking file stops inside a tie at rank 10",
        what: `For ${str(d.queryId) ?? "a query"}, the snippets tied at rank 10 (score ${String(d.score ?? "?")}) continue to the end of its list of ${num(d.depth) ?? "?"}: the other members of the tie are unknown, so the expected score cannot be computed.`,
        fix: ["List every snippet that has the score of the 10th, or give distinct scores to rank them.", "Lists of the top 100 or more per query avoid the problem in practice."],
      };
    case "identical-rows":
      return identicalRows(d);
    case "dot-range":
      return {
        cause: "file",
        title: "The vectors are too large for dot-product similarity",
        what: "A vector's norm exceeds what float64 can hold, so dot products would overflow and every score would tie.",
        fix: ["Scale the vectors down (dividing every row by the same constant keeps a dot-product ranking unchanged), or", "declare `similarity: \"cosine\"` in the metadata if your model is meant to be compared by cosine."],
      };
    case "stored-file-changed":
      return {
        cause: "platform",
        title: "The stored copy of your file changed",
        what: "The file ExecBoard stored on upload no longer has the SHA-256 it was accepted with, so it was not scored.",
        fix: ["Submit the same file again; if it happens twice, tell the maintainers (it points at the storage, not at your file)."],
      };
    case "platform":
      return null;
    default:
      return null;
  }
}

export function explainFailure(f: FailureFacts): FailureExplanation {
  const excerpt = logExcerpt(f.log);
  const known = explainKnown(f);
  if (known) return { ...known, stage: f.stage, excerpt, refunded: f.refunded };
  const code = str(f.details?.code);
  const platform = f.refunded || code === "INTERNAL" || code === null;
  if (platform) {
    return {
      cause: "platform",
      title: "Scoring failed on our side",
      what: `The scoring run stopped${f.stage ? ` while ${f.stage}` : ""} because of a problem in ExecBoard, not in your file${f.error ? `: ${f.error}` : "."}`,
      stage: f.stage,
      excerpt,
      fix: [
        f.refunded ? "Nothing to change in the file. The submission was refunded: it does not count against your quota." : "Nothing to change in the file.",
        "Submit it again, or ask a maintainer to re-run it; the maintainers can see the full log.",
      ],
      refunded: f.refunded,
    };
  }
  return {
    cause: "file",
    title: "The file could not be scored",
    what: f.error ?? "Scoring stopped on a problem with the file.",
    stage: f.stage,
    excerpt,
    fix: ["Fix what the message names and upload again: the format, limits and a numpy example are on the Submit a model page (/submit)."],
    refunded: f.refunded,
  };
}
