import { blobSource } from "@/lib/embeddings/byte-source";
import { looksLikeJsonlRun, looksLikeTrecRun, parseJsonlRun, parseTrecRun } from "@/lib/repo-runs/parse-run";
import { RunFormatError, type RunExpectation } from "@/lib/repo-runs/run-format";
import type { CheckReport } from "./check-report";
import { formatBytes } from "./check-submission-file";

// The upload form's check of a file for a repository-retrieval benchmark. A run file (JSON lines,
// or TREC by its first line, as the server tells them apart) is parsed here by the server's own
// parser against the version's sample ids: the format, ranks, scores, depth, duplicates and
// sample ids, each refusal naming its line. Whether each path is a file of its sample's
// repository needs the whole corpus, so the server checks that on upload (and names the line).
// Anything else is taken as chunk embeddings, whose arrays and chunk ids the server checks.
export async function checkRepoSubmissionFile(file: Blob, sampleIds: readonly string[], maxBytes: number): Promise<CheckReport> {
  const head = await blobSource(file).read(0, Math.min(file.size, 4096));
  const kind = looksLikeJsonlRun(head) ? "run_jsonl" : looksLikeTrecRun(head) ? "run_trec" : "chunk_embeddings";
  const sizeProblem = file.size === 0 ? "the file is empty" : file.size > maxBytes ? `the file is ${formatBytes(file.size)}; the upload limit is ${formatBytes(maxBytes)}` : null;
  if (sizeProblem) return { kind, ok: false, items: [{ label: "File size", ok: false, detail: sizeProblem }], summary: null };
  const size = { label: "File size", ok: true, detail: formatBytes(file.size) };
  if (kind === "chunk_embeddings") {
    const detail = "not a run file, so it is sent as chunk embeddings (.npz); the server checks its arrays, dtypes and the sample and chunk ids on upload";
    return { kind, ok: true, items: [size, { label: "Chunk embeddings", ok: true, detail }], summary: { queries: sampleIds.length, corpus: 0, dims: null, dtype: "chunk embeddings" } };
  }
  const label = kind === "run_trec" ? "TREC run: one ranked file a line" : "JSON lines run: one sample a line";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { kind, ok: false, items: [size, { label, ok: false, detail: "the run file is not UTF-8 text" }], summary: null };
  }
  // Paths are the server's to check (below); everything else is checked here as the server will.
  const expected: RunExpectation = { sampleIds, hasFile: () => true, corpusOf: () => "" };
  try {
    const r = kind === "run_trec" ? parseTrecRun(text, expected) : parseJsonlRun(text, expected);
    const detail = `files for ${r.covered} of ${sampleIds.length} samples, at most ${r.maxDepth} each${r.tag ? `, run tag ${r.tag}` : ""}; each path is checked against its sample's repository on upload`;
    return { kind, ok: true, items: [size, { label, ok: true, detail }], summary: { queries: r.covered, corpus: sampleIds.length, dims: null, dtype: "run" } };
  } catch (e) {
    if (!(e instanceof RunFormatError)) throw e;
    return { kind, ok: false, items: [size, { label, ok: false, detail: e.message }], summary: null };
  }
}
