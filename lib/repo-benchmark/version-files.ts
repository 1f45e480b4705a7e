// The dataset files of a repository-retrieval version, kept exactly as imported for downloads:
// benchmark.json; samples.jsonl (the normalized samples: every role explicit, the canonical
// query text vendors embed); corpus.jsonl (one line per corpus file of every snapshot: its
// content's SHA-256, language, size, lines, tokens and canonical chunks); the import report.
import crypto from "node:crypto";
import type { ArbIdentity } from "@/lib/construction/arb-mining/benchmark-identity";
import { chunkRanges, snapshotKey } from "@/lib/repo-files/chunks";
import { fileCost } from "@/lib/repo-files/render";
import type { SnapshotSummary } from "@/lib/repo-corpus/build-snapshot";
import type { ImportReport } from "./import-report";
import type { NormalizedSample } from "./sample-format";

export interface ManifestRow {
  snapshotId: number;
  path: string;
  blobSha256: string;
  language: string;
  headerTokens: number;
  blob: { bytes: number; lines: number; tokens: number };
}

export interface VersionFile {
  name: string;
  content: Uint8Array<ArrayBuffer>;
  sha256: string;
}

export const ARB_DATASET_FILES = ["benchmark.json", "samples.jsonl", "corpus.jsonl", "import-report.json", "import-report.md"] as const;

function file(name: string, text: string): VersionFile {
  const content = new Uint8Array(Buffer.from(text, "utf8"));
  return { name, content, sha256: crypto.createHash("sha256").update(content).digest("hex") };
}

export function versionFiles(input: { meta: ArbIdentity; kept: readonly NormalizedSample[]; snapshots: readonly SnapshotSummary[]; manifest: readonly ManifestRow[]; report: ImportReport; markdown: string }): VersionFile[] {
  const snap = new Map(input.snapshots.map((s) => [s.snapshotId, s]));
  const samples = input.kept.map((s) =>
    JSON.stringify({
      sample_id: s.sample_id,
      task: s.task,
      repo: s.repo,
      base_commit: s.base_commit,
      query: s.query,
      query_text: s.query_text,
      gold_files: s.gold_files,
      given_files: s.given_files,
      supporting_files: s.supporting_files,
      distractor_files: s.distractor_files,
      no_gold_reason: s.no_gold_reason,
      fix_commit: s.fix_commit,
    }),
  );
  const corpus = input.manifest.map((m) => {
    const s = snap.get(m.snapshotId)!;
    return JSON.stringify({
      snapshot: snapshotKey(s.repo, s.commit),
      repo: s.repo,
      commit: s.commit,
      path: m.path,
      sha256: m.blobSha256,
      language: m.language,
      bytes: m.blob.bytes,
      lines: m.blob.lines,
      tokens: m.blob.tokens,
      cost: fileCost(m.headerTokens, m.blob.tokens),
      chunks: chunkRanges(m.blob.lines).length,
    });
  });
  return [
    file("benchmark.json", JSON.stringify({ ...input.meta, kind: "repo_retrieval" }, null, 2) + "\n"),
    file("samples.jsonl", samples.join("\n") + "\n"),
    file("corpus.jsonl", corpus.join("\n") + "\n"),
    file("import-report.json", JSON.stringify(input.report, null, 2) + "\n"),
    file("import-report.md", input.markdown),
  ];
}
