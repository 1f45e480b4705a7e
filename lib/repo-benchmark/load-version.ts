// A repository-retrieval version as scoring and the pages read it: its samples in order and its
// snapshots' files with what BCY needs (header and content tokens) and what chunking needs
// (lines). Versions never change, so each is loaded once per process.
import type { RepoTask } from "@/lib/db/generated/enums";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { chunkId, chunkRanges, snapshotKey } from "@/lib/repo-files/chunks";

export interface CorpusFile {
  path: string;
  sha256: string;
  language: string;
  header: number;
  content: number;
  lines: number;
  bytes: number;
}

export interface VersionSnapshot {
  id: number;
  repo: string;
  commit: string;
  key: string;
  /** Files in path order (UTF-16 code units, as JavaScript sorts strings). */
  files: CorpusFile[];
  byPath: Map<string, CorpusFile>;
}

export interface VersionSample {
  dbId: number;
  sampleId: string;
  position: number;
  task: RepoTask;
  repo: string;
  baseCommit: string;
  snapshot: VersionSnapshot;
  queryText: string;
  gold: string[];
  given: string[];
  supporting: string[];
  distractors: string[];
  noGoldReason: string | null;
}

export interface RepoVersion {
  versionId: number;
  samples: VersionSample[];
  /** In corpus order. */
  snapshots: VersionSnapshot[];
}

const cache = new Map<number, Promise<RepoVersion>>();

export function loadRepoVersion(versionId: number): Promise<RepoVersion> {
  let v = cache.get(versionId);
  if (!v) {
    v = load(versionId);
    cache.set(versionId, v);
    v.catch(() => cache.delete(versionId));
  }
  return v;
}

async function load(versionId: number): Promise<RepoVersion> {
  const links = await db().repoVersionSnapshot.findMany({
    where: { versionId },
    orderBy: { position: "asc" },
    select: { snapshot: { select: { id: true, repo: true, commit: true } } },
  });
  if (links.length === 0) throw new AppError("NOT_FOUND", `version ${versionId} is not a repository-retrieval version`);
  const files = await db().repoSnapshotFile.findMany({
    where: { snapshotId: { in: links.map((l) => l.snapshot.id) } },
    select: { snapshotId: true, path: true, blobSha256: true, language: true, headerTokens: true, blob: { select: { tokens: true, lines: true, bytes: true } } },
  });
  const snapshots: VersionSnapshot[] = links.map(({ snapshot: s }) => ({ id: s.id, repo: s.repo, commit: s.commit, key: snapshotKey(s.repo, s.commit), files: [], byPath: new Map() }));
  const byId = new Map(snapshots.map((s) => [s.id, s]));
  for (const f of files) {
    const file = { path: f.path, sha256: f.blobSha256, language: f.language, header: f.headerTokens, content: f.blob.tokens, lines: f.blob.lines, bytes: f.blob.bytes };
    byId.get(f.snapshotId)!.files.push(file);
  }
  for (const s of snapshots) {
    s.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const f of s.files) s.byPath.set(f.path, f);
  }
  const rows = await db().repoSample.findMany({ where: { versionId }, orderBy: { position: "asc" } });
  return {
    versionId,
    snapshots,
    samples: rows.map((r) => ({
      dbId: r.id,
      sampleId: r.sampleId,
      position: r.position,
      task: r.task,
      repo: r.repo,
      baseCommit: r.baseCommit,
      snapshot: byId.get(r.snapshotId)!,
      queryText: r.queryText,
      gold: r.goldFiles,
      given: r.givenFiles,
      supporting: r.supportingFiles,
      distractors: r.distractorFiles,
      noGoldReason: r.noGoldReason,
    })),
  };
}

/** The version's canonical chunk ids, in corpus order (lib/repo-files/chunks.ts). */
export function versionChunkIds(v: RepoVersion): string[] {
  const out: string[] = [];
  for (const s of v.snapshots) for (const f of s.files) for (const [first, last] of chunkRanges(f.lines)) out.push(chunkId(s.key, f.path, first, last));
  return out;
}

/** A ranked file's header and content tokens (what BCY packs), for sample i of the version. */
export function costOf(v: RepoVersion): (sample: number, path: string) => { header: number; content: number } {
  return (i, path) => {
    const f = v.samples[i].snapshot.byPath.get(path)!;
    return { header: f.header, content: f.content };
  };
}
