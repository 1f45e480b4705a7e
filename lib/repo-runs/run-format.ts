// Run files: a retriever's ranked files per sample, in one of two formats.
//
// TREC (the run format of trec_eval), one ranked file a line, whitespace-separated:
//   <sample id> Q0 <path> <rank> <score> <run tag>
// JSON lines, one sample a line:
//   {"sample_id": "...", "files": ["a.py", "b.py"], "scores": [2.5, 1.0], "abstention": 0.1}
// `abstention` (optional, JSON lines only) is the system's own reason to return nothing for the
// sample: higher means more reason; selective retrieval thresholds it (lib/repo-metrics).
//
// Rules, each refusal naming its line: at most RUN_DEPTH files per sample; each path a file of
// the sample's repository at its base commit, listed once; ranks 1, 2, 3… in file order (TREC);
// scores finite and never rising down a ranking (equal scores are ties, scored as such); a
// sample's TREC lines together; one run tag per file; every sample id one of the benchmark's.
// A sample a run leaves out has retrieved nothing.
import { EVAL_DEPTH } from "@/lib/repo-metrics/definitions";

export const RUN_DEPTH = EVAL_DEPTH;

export interface RunExpectation {
  sampleIds: readonly string[];
  /** Whether `path` is a corpus file of sample i's snapshot. */
  hasFile(sample: number, path: string): boolean;
  /** "owner/name@abc123" for messages. */
  corpusOf(sample: number): string;
}

export interface SampleRun {
  files: string[];
  scores: number[];
  abstention: number | null;
}

export interface ParsedRun {
  format: "trec" | "jsonl";
  /** Per sample, in benchmark order; a sample left out has no files. */
  samples: SampleRun[];
  tag: string | null;
  /** Samples the file ranks files for (or gives an abstention score). */
  covered: number;
  maxDepth: number;
}

export class RunFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}
