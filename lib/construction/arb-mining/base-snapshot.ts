// The repository at the base commit, as the corpus will hold it: regular files of at most
// 1 MiB that are UTF-8 text without NUL bytes (the import's rule: symbolic links, submodules,
// larger and binary files are never corpus files, so never gold). Texts are read once, on
// demand, through one cat-file process per batch; `extract` writes the snapshot's files into a
// directory for the sandbox (no checkout: plumbing only).
import fs from "node:fs";
import path from "node:path";
import type { ReadOnlyGit, TreeEntry } from "@/lib/git/read-only-git";

export const MAX_CORPUS_FILE_BYTES = 1024 * 1024;
const decoder = new TextDecoder("utf-8", { fatal: true });

function asText(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_CORPUS_FILE_BYTES || bytes.includes(0)) return null;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

export class BaseSnapshot {
  /** Corpus files (text), by path. */
  readonly files = new Map<string, string>();
  readonly entries: TreeEntry[];

  private constructor(readonly commit: string, entries: TreeEntry[]) {
    this.entries = entries;
  }

  static async load(git: ReadOnlyGit, commit: string): Promise<BaseSnapshot> {
    const tree = await git.tree(commit);
    const s = new BaseSnapshot(commit, tree);
    const regular = tree.filter((e) => (e.mode === "100644" || e.mode === "100755") && e.size <= MAX_CORPUS_FILE_BYTES);
    const blobs = await git.readBlobs(regular.map((e) => e.oid));
    for (const e of regular) {
      const t = asText(blobs.get(e.oid)!);
      if (t !== null) s.files.set(e.path, t);
    }
    return s;
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  text(file: string): string | null {
    return this.files.get(file) ?? null;
  }

  /** Writes every regular file of the commit under `dir` (which must not exist yet). */
  async extract(git: ReadOnlyGit, dir: string): Promise<void> {
    fs.mkdirSync(dir, { recursive: false });
    const regular = this.entries.filter((e) => e.mode === "100644" || e.mode === "100755");
    const blobs = await git.readBlobs(regular.map((e) => e.oid));
    for (const e of regular) {
      const target = path.join(dir, e.path);
      if (!target.startsWith(dir + path.sep)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, blobs.get(e.oid)!, { mode: e.mode === "100755" ? 0o755 : 0o644 });
    }
  }
}
