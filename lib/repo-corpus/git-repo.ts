// The repository corpus's reads of a local git repository, on top of the shared read-only
// plumbing (lib/git, which also reads trees and blobs for building snapshots): whether a commit
// is there, and the lines a commit adds.
import fs from "node:fs";
import path from "node:path";
import { DIFF_FLAGS, GitError, ReadOnlyGit } from "@/lib/git/read-only-git";

/** The git directory of a repository at `dir` (a work tree with .git, or a bare repository), or null. */
export function findGitDir(dir: string): string | null {
  const dotGit = path.join(dir, ".git");
  if (fs.existsSync(dotGit) && fs.statSync(dotGit).isDirectory()) return dotGit;
  if (fs.existsSync(path.join(dir, "objects")) && fs.existsSync(path.join(dir, "HEAD"))) return dir;
  // A work tree whose .git is a file ("gitdir: …", worktrees and submodules) is not read:
  // its objects live elsewhere.
  return null;
}

export class GitRepo extends ReadOnlyGit {
  /** Whether `commit` names a commit object of this repository (a full 40-hex id). */
  async hasCommit(commit: string): Promise<boolean> {
    if (!/^[0-9a-f]{40}$/.test(commit)) return false;
    try {
      return (await this.run(["cat-file", "-t", commit])).toString().trim() === "commit";
    } catch (e) {
      if (e instanceof GitError) return false;
      throw e;
    }
  }

  /** The lines a commit adds (against its first parent) in the given files; null when the commit is not in the repository. */
  async addedLines(commit: string, paths: readonly string[]): Promise<Map<string, string[]> | null> {
    if (!(await this.hasCommit(commit))) return null;
    const raw = (await this.run(["diff-tree", "-p", "-U0", ...DIFF_FLAGS, "-m", "--first-parent", "--root", commit, "--", ...paths])).toString("utf8");
    const out = new Map<string, string[]>();
    let file: string | null = null;
    for (const line of raw.split("\n")) {
      if (line.startsWith("+++ ")) file = line.startsWith("+++ b/") ? line.slice(6) : null;
      else if (line.startsWith("+") && file) {
        if (!out.has(file)) out.set(file, []);
        out.get(file)!.push(line.slice(1));
      }
    }
    return out;
  }
}
