// What an import did, for the maintainer and the dataset's readers: the records read, each
// refused sample with its line and reason, what each leakage gate caught (and the notes it
// made on kept samples), the kept samples per task and repository, the kept samples whose given
// files normalization took out of gold, and each snapshot with what its tree left out and how
// much content it shares with others.
import crypto from "node:crypto";
import fs from "node:fs";
import type { ArbIdentity } from "@/lib/construction/arb-mining/benchmark-identity";
import type { RepoTask } from "@/lib/db/generated/enums";
import type { SnapshotSummary } from "@/lib/repo-corpus/build-snapshot";
import type { GatedSample } from "./import-arb";
import { GATE_DESCRIPTIONS, type GateName, type NoteName } from "./leakage-gates";
import type { Refusal } from "./read-samples";
import type { NormalizedSample } from "./sample-format";
import { ALL_TASKS } from "./tasks";
import type { ManifestRow } from "./version-files";

export interface GateReport {
  gate: GateName | NoteName;
  description: string;
  fatal: boolean;
  caught: number;
  samples: { sample_id: string; task: RepoTask; repo: string; hits: string[] }[];
}

export interface ImportReport {
  benchmark: { slug: string; version: string };
  source: { file: string; sha256: string; records: number };
  refused: { count: number; skipped: boolean; samples: { line: number; sample_id: string | null; reason: string }[] };
  gates: GateReport[];
  kept: { total: number; by_task: Record<string, number>; by_repo: Record<string, number>; excluded_by_gates: number };
  /** Kept samples whose record named given files as gold: normalization took them out of gold (not a leak). */
  given_removed: { samples: number; files: number; entries: { sample_id: string; task: RepoTask; repo: string; files: string[] }[] };
  /** Paths named by kept samples but not at their base commit, dropped: given, supporting, distractor files, and derived gold (comment2context). */
  dropped_paths: { given: number; supporting: number; distractor: number; derived_gold: number };
  repositories: { repo: string; found: boolean }[];
  snapshots: { repo: string; commit: string; files: number; bytes: number; excluded: SnapshotSummary["excluded"]; new_blobs: number; shared_blobs: number; reused: boolean }[];
  corpus: { snapshots: number; files: number; unique_blobs: number; bytes: number; unique_bytes: number };
}

const ORDER: (GateName | NoteName)[] = ["exact_gold_path", "fix_commit_hash", "fix_patch", "stack_hint", "patch_unchecked"];

export function buildImportReport(input: {
  meta: ArbIdentity;
  samplesPath: string;
  records: number;
  refused: Refusal[];
  skipRefused: boolean;
  gated: GatedSample[];
  kept: NormalizedSample[];
  dropped: ImportReport["dropped_paths"];
  snapshots: SnapshotSummary[];
  manifest: readonly ManifestRow[];
  repos: { repo: string; gitDir: string | null }[];
}): ImportReport {
  const gates: GateReport[] = ORDER.map((gate) => {
    const samples = input.gated.flatMap((g) => g.hits.filter((h) => h.gate === gate).map((h) => ({ sample_id: g.sample.sample_id, task: g.sample.task, repo: g.sample.repo, hits: h.hits })));
    return { gate, description: GATE_DESCRIPTIONS[gate], fatal: gate !== "stack_hint" && gate !== "patch_unchecked", caught: samples.length, samples };
  });
  const count = (xs: string[]) => Object.fromEntries([...new Set(xs)].sort().map((x) => [x, xs.filter((y) => y === x).length]));
  const byTask = Object.fromEntries(ALL_TASKS.map((t) => [t, input.kept.filter((s) => s.task === t).length]));
  const removed = input.kept.filter((s) => s.given_removed.length).map((s) => ({ sample_id: s.sample_id, task: s.task, repo: s.repo, files: s.given_removed }));
  const blobs = new Map(input.manifest.map((m) => [m.blobSha256, m.blob.bytes]));
  return {
    benchmark: { slug: input.meta.slug, version: input.meta.version },
    source: { file: input.samplesPath, sha256: crypto.createHash("sha256").update(fs.readFileSync(input.samplesPath)).digest("hex"), records: input.records },
    refused: { count: input.refused.length, skipped: input.skipRefused, samples: input.refused.map((r) => ({ line: r.line, sample_id: r.sampleId, reason: r.reason })) },
    gates,
    kept: { total: input.kept.length, by_task: byTask, by_repo: count(input.kept.map((s) => s.repo)), excluded_by_gates: input.gated.length - input.kept.length },
    given_removed: {
      samples: removed.length,
      files: removed.reduce((n, s) => n + s.files.length, 0),
      entries: removed,
    },
    dropped_paths: input.dropped,
    repositories: input.repos.map((r) => ({ repo: r.repo, found: r.gitDir !== null })),
    snapshots: input.snapshots.map((s) => ({ repo: s.repo, commit: s.commit, files: s.files, bytes: s.bytes, excluded: s.excluded, new_blobs: s.newBlobs, shared_blobs: s.sharedBlobs, reused: s.reused })),
    corpus: {
      snapshots: input.snapshots.length,
      files: input.manifest.length,
      unique_blobs: blobs.size,
      bytes: input.manifest.reduce((n, m) => n + m.blob.bytes, 0),
      unique_bytes: [...blobs.values()].reduce((a, b) => a + b, 0),
    },
  };
}
