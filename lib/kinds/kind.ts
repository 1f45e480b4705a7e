// What a kind of benchmark provides, and all that intake, the lifecycle, scoring, review,
// quotas, provenance and auth know about it. ExecBoard hosts two kinds of benchmark:
// execution-grounded code retrieval (./exec-retrieval) and repository context retrieval for
// coding agents (./repo-retrieval: file rankings, no execution, other metrics). A new kind
// implements this interface and registers in ./registry.ts; nothing else in the lifecycle
// changes (docs/design-notes.md says what the second kind needed beside it).
//
// The shared machinery around a kind:
// - intake (lib/intake) turns an upload into a submission: it asks the kind which submission
//   type the file is (`submissionTypes`: sniffed from the first bytes, or declared), has that
//   type check the whole file against the benchmark version before anything is stored, and
//   stores it under the type's extension;
// - scoring (lib/scoring) runs `score` for first scoring and for re-scoring alike, then writes
//   the headline metrics, the kind's own result rows (`ScoredRun.write`), the status and the
//   evaluation in one transaction, the evaluation recording the kind's `engine`;
// - publication (lib/review) asks the kind to recompute the version's cross-submission
//   statistics (`requestVersionStatistics`);
// - the shared pages (a vendor's status page, the review page) show a submission's metrics by the
//   kind's `presentation` (families, labels, cut-offs); the submission's API answer carries
//   whatever metrics the run wrote (lib/submissions/serialize.ts).
import type { Tx } from "@/lib/db/client";
import type { BenchmarkKind as BenchmarkKindEnum } from "@/lib/db/generated/enums";
import type { SubmissionMetadata } from "@/lib/submissions/metadata";
import type { MetricRow } from "@/lib/submissions/serialize";
import type { Sandbox } from "@/lib/sandbox/types";

/** Stored in benchmarks.kind. */
export type BenchmarkKindId = BenchmarkKindEnum;

/** The pipeline stages a submission moves through (a kind without execution skips it). */
export type ScoringStage = "validating" | "ranking" | "executing" | "scoring";

/** A file as intake holds it: in memory (a multipart POST) or on disk (a resumable upload). */
export interface IntakeFile {
  bytes: number;
  /** The whole file, in memory: only for types small enough to parse in memory. */
  readAll(): Promise<Uint8Array>;
  /** The file on disk, for streaming checks (null when it is only in memory). */
  path: string | null;
  /** The bytes in memory (files the server makes itself, e.g. baselines; null for a file on disk). */
  buffer: Uint8Array | null;
  /** How it came: in one request (a multipart upload, or bytes in hand) or through a resumable upload; the limits differ. */
  via: "request" | "upload";
}

/** What intake records of a checked upload on the submission row. */
export interface CheckedUpload {
  dims: number;
  dtype: string;
  /** The first line of the submission's history. */
  summary: string;
}

/** One kind of file a vendor may submit to a benchmark of this kind. */
export interface SubmissionType {
  /** Stored in submissions.kind; the value of the upload's optional `kind` field. */
  id: string;
  /** How it is stored: `<submission id>.<extension>`. */
  extension: string;
  /** For messages: "an .npz", "JSON lines". */
  description: string;
  /** Whether these first bytes look like this type (the first type that claims a file wins). */
  sniff(head: Uint8Array): boolean;
  /** The most bytes a file of this type may weigh (for a multipart POST / a resumable upload). */
  maxBytes(via: "request" | "upload"): number;
  /** Checks the whole file against the version; refuses with AppError INVALID_UPLOAD naming the problem. */
  check(file: IntakeFile, versionId: number, metadata: SubmissionMetadata): Promise<CheckedUpload>;
}

/** How a scoring run reports where it is. */
export interface ScoringProgress {
  /**
   * Enters a stage with `total` units of work. false: the submission was finalised by someone
   * else meanwhile (a maintainer, the reaper), and the run must stop without writing anything.
   */
  enter(stage: ScoringStage, total: number): Promise<boolean>;
  report(done: number, total: number): Promise<void>;
}

export interface ScoringInput {
  submissionId: string;
  versionId: number;
  /** The stored upload and the SHA-256 it had when it was accepted. */
  storageKey: string;
  fileSha256: string;
  /** The submission type (submissions.kind). */
  submissionType: string;
  metadata: SubmissionMetadata;
  sandbox: Sandbox;
  progress: ScoringProgress;
}

export type { MetricRow } from "@/lib/submissions/serialize";

/** A finished scoring run, in memory until lib/scoring writes it. */
export interface ScoredRun {
  /** Headline metrics with their 95% intervals (the metrics table, the evaluation's record). */
  metrics: MetricRow[];
  /** The metric a history line names ("exec@1 = 0.331"). */
  headline: { name: string; k: number; label: string };
  /** Replaces the kind's own result rows of the submission (rankings, verdicts, analyses), in tx. */
  write(tx: Tx, submissionId: string): Promise<void>;
}

/** The paper a kind of benchmark follows: cited in every page's footer and in the changelog. */
export interface PaperReference {
  /** BibTeX key, e.g. kapoor2026execretrieval. */
  key: string;
  title: string;
  /** "Family, Given" as BibTeX wants them. */
  authors: readonly string[];
  year: number;
  /** Where it appeared, e.g. "arXiv preprint arXiv:2609.01865". */
  venue: string;
  url: string;
}

/** What pages and API answers show of a kind's results. */
export interface KindPresentation {
  /** The paper the kind follows, if any. */
  reference?: PaperReference;
  /** Metric families in display order, each with its label and cut-offs. */
  metrics: readonly { name: string; label: string; ks: readonly number[] }[];
  /** The metric and k the leaderboard orders by first. */
  primary: { name: string; k: number };
  /** The few values a one-line summary names, in order (e.g. the CLI's `submit --wait`). */
  summary: readonly { name: string; k: number; label: string }[];
}

/**
 * What a kind's metrics mean, numbered per kind. Every evaluation records the engine of its
 * benchmark's kind (evaluations.scoring_engine); raising it re-scores that kind's published
 * results (the upgrade-scoring-engine job, one per kind and engine), never another kind's.
 */
export interface ScoringEngine {
  version: number;
  /** What this version changed, for the re-score batch it queues ("tie-aware metrics …"). */
  change: string;
}

export interface BenchmarkKind {
  id: BenchmarkKindId;
  /** Human name, e.g. "execution-grounded code retrieval". */
  title: string;
  engine: ScoringEngine;
  /**
   * The sandbox runner version its results depend on (a re-score of results from another runner
   * is due); null for a kind that never executes, whose results no runner change touches.
   */
  runnerVersion: string | null;
  submissionTypes: readonly SubmissionType[];
  /** Validate → rank → (execute) → score a stored upload; null when told to stop. */
  score(input: ScoringInput): Promise<ScoredRun | null>;
  /** The version's cross-submission statistics after its published set changed. */
  requestVersionStatistics(versionId: number): Promise<void>;
  presentation: KindPresentation;
}
