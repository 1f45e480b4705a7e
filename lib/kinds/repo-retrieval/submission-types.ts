// The files a vendor may submit to a repository-retrieval benchmark: run files (TREC or JSON
// lines, lib/repo-runs) and chunk embeddings (.npz, ../npz-submission-type.ts: the samples'
// query vectors and one vector per canonical chunk, lib/repo-files/chunks.ts, ranked on the
// server). Each is checked whole against the version before intake stores anything; a refusal
// names the line or the array.
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { loadRepoVersion, versionChunkIds } from "@/lib/repo-benchmark/load-version";
import { looksLikeJsonlRun, looksLikeTrecRun, parseJsonlRun, parseTrecRun } from "@/lib/repo-runs/parse-run";
import { RUN_DEPTH, RunFormatError, type ParsedRun } from "@/lib/repo-runs/run-format";
import type { CheckedUpload, IntakeFile, SubmissionType } from "../kind";
import { npzSubmissionType } from "../npz-submission-type";
import { runExpectation } from "./run-expectation";

/** Parses a run file against the version; a problem is an INVALID_UPLOAD naming its line. */
export async function parseRunFile(bytes: Uint8Array, versionId: number, format: "trec" | "jsonl"): Promise<ParsedRun> {
  const v = await loadRepoVersion(versionId);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("INVALID_UPLOAD", "the run file is not UTF-8 text");
  }
  try {
    return format === "trec" ? parseTrecRun(text, runExpectation(v)) : parseJsonlRun(text, runExpectation(v));
  } catch (e) {
    if (e instanceof RunFormatError) throw new AppError("INVALID_UPLOAD", e.message, { line: e.line });
    throw e;
  }
}

function runSummary(r: ParsedRun, total: number): string {
  return `${r.format === "trec" ? "TREC" : "JSON lines"} run${r.tag ? ` ${r.tag}` : ""}: files for ${r.covered} of ${total} samples, at most ${r.maxDepth} each (depth ${RUN_DEPTH})`;
}

function runType(id: "run_trec" | "run_jsonl", format: "trec" | "jsonl"): SubmissionType {
  const type: SubmissionType = {
    id,
    extension: format === "trec" ? "trec" : "jsonl",
    description: format === "trec" ? "a TREC run file" : "a run file (JSON lines)",
    sniff: format === "trec" ? looksLikeTrecRun : looksLikeJsonlRun,
    // Run files hold at most 100 files per sample: a few MiB for any benchmark, parsed in memory.
    maxBytes: () => getConfig().EXECBOARD_UPLOAD_MAX_BYTES,
    async check(file: IntakeFile, versionId: number): Promise<CheckedUpload> {
      const limit = type.maxBytes("upload");
      if (file.bytes > limit) throw new AppError("PAYLOAD_TOO_LARGE", `a run file may be at most ${limit} bytes; this one is ${file.bytes}`);
      const r = await parseRunFile(await file.readAll(), versionId, format);
      return { dims: 0, dtype: "run", summary: runSummary(r, r.samples.length) };
    },
  };
  return type;
}

export const trecRunType = runType("run_trec", "trec");
export const jsonlRunType = runType("run_jsonl", "jsonl");

export async function chunkExpectation(versionId: number): Promise<{ queryIds: string[]; corpusIds: string[] }> {
  const v = await loadRepoVersion(versionId);
  return { queryIds: v.samples.map((s) => s.sampleId), corpusIds: versionChunkIds(v) };
}

export const chunkEmbeddingsType = npzSubmissionType({
  id: "chunk_embeddings",
  description: "an .npz of sample and chunk embeddings",
  expected: chunkExpectation,
  rows: { queries: "samples", corpus: "chunks" },
});

/** Run files first (JSON lines, then TREC by their first line); the .npz type claims the rest. */
export const REPO_RETRIEVAL_SUBMISSION_TYPES: readonly SubmissionType[] = [jsonlRunType, trecRunType, chunkEmbeddingsType];
