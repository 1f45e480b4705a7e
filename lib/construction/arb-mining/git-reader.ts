// The miner's reads of the git repository a benchmark is mined from, on top of the shared
// read-only plumbing (lib/git): commit names, history, a commit's changes and patches, a file at
// a commit. The repository may be a work tree (its .git directory, or the git directory a
// linked work tree's .git file names) or a bare repository.
import fs from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import { DIFF_FLAGS, GitError, ReadOnlyGit } from "@/lib/git/read-only-git";

export interface CommitInfo {
  sha: string;
  parents: string[];
  /** The full message as git stores it (subject, blank line, body). */
  message: string;
}

export type ChangeStatus = "A" | "M" | "D" | "T";

export interface FileChange {
  path: string;
  status: ChangeStatus;
  added: number;
  deleted: number;
  /** Binary changes carry no line counts. */
  binary: boolean;
}

/** The git directory of a repository at `dir`: its .git directory, the one a .git file points to, or `dir` itself when bare. */
export function resolveGitDir(dir: string): string {
  const abs = path.resolve(dir);
  const dotGit = path.join(abs, ".git");
  if (fs.existsSync(dotGit)) {
    if (fs.statSync(dotGit).isDirectory()) return dotGit;
    const m = /^gitdir:\s*(.+)\s*$/m.exec(fs.readFileSync(dotGit, "utf8"));
    if (m) return path.resolve(abs, m[1]);
  }
  if (fs.existsSync(path.join(abs, "objects")) && fs.existsSync(path.join(abs, "HEAD"))) return abs;
  throw new AppError("BAD_REQUEST", `${dir} is not a git repository (no .git directory, no .git file, not a bare repository)`);
}

export class GitReader extends ReadOnlyGit {
  /** The full id of the commit `rev` names; a clear error when it names none. */
  async resolveCommit(rev: string): Promise<string> {
    if (!/^[A-Za-z0-9._/^~@{}-]{1,200}$/.test(rev) || rev.startsWith("-")) throw new AppError("BAD_REQUEST", `--base ${JSON.stringify(rev)} is not a commit name`);
    try {
      return (await this.run(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`])).toString().trim();
    } catch (e) {
      if (e instanceof GitError) throw new AppError("BAD_REQUEST", `${rev} is not a commit of ${this.gitDir}`);
      throw e;
    }
  }

  /** Every commit reachable from `tip`, newest first, in topological order (ties broken by git's own deterministic walk). */
  async history(tip: string): Promise<CommitInfo[]> {
    const raw = (await this.run(["log", "--topo-order", "--format=%H%x00%P%x00%B%x00%x1e", tip])).toString("utf8");
    const out: CommitInfo[] = [];
    for (const rec of raw.split("\x1e")) {
      const r = rec.replace(/^\n/, "");
      if (!r) continue;
      const [sha, parents, message] = r.split("\0");
      out.push({ sha, parents: parents ? parents.split(" ") : [], message: message.replace(/\n+$/, "") });
    }
    return out;
  }

  /** The files a commit changed against its first parent (all of them, for a root commit). */
  async changes(commit: string): Promise<FileChange[]> {
    const raw = (await this.run(["diff-tree", "-r", "-z", "--no-commit-id", "--root", "--numstat", "--raw", ...DIFF_FLAGS, commit])).toString("utf8");
    // --raw records (":old new oid oid S\0path\0") come first, then numstat ("a\td\tpath\0").
    const parts = raw.split("\0");
    const status = new Map<string, ChangeStatus>();
    const counts = new Map<string, { added: number; deleted: number; binary: boolean }>();
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p.startsWith(":")) {
        const s = p.split(" ")[4]?.[0] as ChangeStatus;
        status.set(parts[++i], s);
      } else if (/^(\d+|-)\t(\d+|-)\t/.test(p.replace(/^\n/, ""))) {
        const [a, d, file] = p.replace(/^\n/, "").split("\t");
        counts.set(file, { added: a === "-" ? 0 : Number(a), deleted: d === "-" ? 0 : Number(d), binary: a === "-" });
      }
    }
    return [...status].map(([file, s]) => ({ path: file, status: s, ...(counts.get(file) ?? { added: 0, deleted: 0, binary: true }) }));
  }

  /** The commit's patch of one file against its first parent (three lines of context). */
  async filePatch(commit: string, file: string): Promise<string> {
    return (await this.run(["diff-tree", "-p", "-U3", "--root", "--no-commit-id", ...DIFF_FLAGS, commit, "--", file])).toString("utf8");
  }

  /** The text of a file at a commit, or null when the commit has no such file. */
  async fileAt(commit: string, file: string): Promise<string | null> {
    try {
      return (await this.run(["cat-file", "blob", `${commit}:${file}`])).toString("utf8");
    } catch (e) {
      if (e instanceof GitError) return null;
      throw e;
    }
  }
}
