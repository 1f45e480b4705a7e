// A repository at a commit becomes a corpus snapshot: every text file of the commit's tree
// (lib/repo-files/file-text.ts says which), each file's content stored once as a
// content-addressed blob however many snapshots hold it. A snapshot is written whole, blobs and
// files in one transaction, or not at all; an existing snapshot of the same (repository,
// commit) is reused as it is.
import crypto from "node:crypto";
import { db } from "@/lib/db/client";
import type { ReadOnlyGit, TreeEntry } from "@/lib/git/read-only-git";
import { languageOf } from "@/lib/repo-files/classify";
import { lineCount } from "@/lib/repo-files/chunks";
import { corpusText } from "@/lib/repo-files/file-text";
import { headerTokens } from "@/lib/repo-files/render";
import { countTokens } from "@/lib/tokenizer/cl100k";
import { classifyTree, type TreeClassification } from "./tree-files";

export interface SnapshotSummary {
  snapshotId: number;
  repo: string;
  commit: string;
  files: number;
  bytes: number;
  excluded: TreeClassification["excluded"];
  /** Blobs written by this build (0 when the snapshot existed). */
  newBlobs: number;
  /** Files whose content was already stored (by another snapshot, or twice in this one). */
  sharedBlobs: number;
  reused: boolean;
}

const READ_BATCH = 1000;
const WRITE_BATCH = 500;

interface BlobRow {
  sha256: string;
  bytes: number;
  lines: number;
  tokens: number;
  content: Uint8Array<ArrayBuffer>;
}

export async function ensureSnapshot(git: ReadOnlyGit, repo: string, commit: string, tree: TreeEntry[], onProgress?: (done: number, total: number) => void): Promise<SnapshotSummary> {
  const existing = await db().repoSnapshot.findUnique({ where: { repo_commit: { repo, commit } }, select: { id: true, fileCount: true, bytes: true, excluded: true } });
  if (existing) {
    return { snapshotId: existing.id, repo, commit, files: existing.fileCount, bytes: Number(existing.bytes), excluded: existing.excluded as SnapshotSummary["excluded"], newBlobs: 0, sharedBlobs: 0, reused: true };
  }
  const { candidates, excluded } = classifyTree(tree);
  const files: { path: string; sha256: string; language: string; headerTokens: number }[] = [];
  const fresh = new Map<string, BlobRow>();
  let shared = 0, bytes = 0, done = 0;
  for (let i = 0; i < candidates.length; i += READ_BATCH) {
    const batch = candidates.slice(i, i + READ_BATCH);
    const read: { entry: TreeEntry; sha256: string; raw: Uint8Array<ArrayBuffer>; text: string }[] = [];
    const seen = new Map<string, Uint8Array<ArrayBuffer>>();
    await git.forEachBlob([...new Set(batch.map((e) => e.oid))], (oid, raw) => void seen.set(oid, new Uint8Array(raw)));
    for (const entry of batch) {
      const raw = seen.get(entry.oid)!;
      const t = corpusText(raw);
      if ("excluded" in t) {
        excluded[t.excluded]++;
        continue;
      }
      read.push({ entry, raw, text: t.text, sha256: crypto.createHash("sha256").update(raw).digest("hex") });
    }
    const stored = new Set(
      (await db().repoBlob.findMany({ where: { sha256: { in: [...new Set(read.map((r) => r.sha256))] } }, select: { sha256: true } })).map((b) => b.sha256),
    );
    for (const r of read) {
      if (stored.has(r.sha256) || fresh.has(r.sha256)) shared++;
      else fresh.set(r.sha256, { sha256: r.sha256, bytes: r.raw.length, lines: lineCount(r.text), tokens: countTokens(r.text), content: r.raw });
      files.push({ path: r.entry.path, sha256: r.sha256, language: languageOf(r.entry.path), headerTokens: headerTokens(r.entry.path) });
      bytes += r.raw.length;
    }
    done += batch.length;
    onProgress?.(done, candidates.length);
  }
  const blobs = [...fresh.values()];
  const snapshotId = await db().$transaction(
    async (tx) => {
      for (let i = 0; i < blobs.length; i += WRITE_BATCH) await tx.repoBlob.createMany({ data: blobs.slice(i, i + WRITE_BATCH), skipDuplicates: true });
      const s = await tx.repoSnapshot.create({ data: { repo, commit, fileCount: files.length, bytes: BigInt(bytes), excluded }, select: { id: true } });
      for (let i = 0; i < files.length; i += WRITE_BATCH) {
        await tx.repoSnapshotFile.createMany({ data: files.slice(i, i + WRITE_BATCH).map((f) => ({ snapshotId: s.id, path: f.path, blobSha256: f.sha256, language: f.language, headerTokens: f.headerTokens })) });
      }
      return s.id;
    },
    { timeout: 600_000, maxWait: 30_000 },
  );
  return { snapshotId, repo, commit, files: files.length, bytes, excluded, newBlobs: blobs.length, sharedBlobs: shared, reused: false };
}
