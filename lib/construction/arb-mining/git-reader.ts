// Read-only access to the git repository a benchmark is mined from. Nothing is checked out and
// nothing is written: only plumbing that reads objects (rev-parse, rev-list, log, ls-tree,
// cat-file, diff-tree), with hooks pointed at /dev/null, the user's and the system's
// configuration ignored, optional locks off and no external diff or textconv drivers. The
// repository may be a work tree (its .git directory, or the git directory a linked work tree's
// .git file names) or a bare repository.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";

const GIT_ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/nonexistent",
  LANG: "C",
  TZ: "UTC",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  GIT_NO_REPLACE_OBJECTS: "1",
} as unknown as NodeJS.ProcessEnv;

const SAFE = ["-c", "core.hooksPath=/dev/null", "-c", "safe.directory=*", "-c", "core.fsmonitor=false", "-c", "diff.external=", "-c", "core.quotePath=false"];
const DIFF_FLAGS = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];

export interface TreeEntry {
  path: string;
  /** 100644, 100755 (files), 120000 (symlink), 160000 (submodule). */
  mode: string;
  oid: string;
  size: number;
}

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

export class GitError extends Error {
  constructor(readonly args: string[], readonly code: number | null, readonly stderr: string) {
    super(`git ${args[0]} failed (${code}): ${stderr}`);
  }
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

export class GitReader {
  constructor(readonly gitDir: string) {}

  run(args: string[], input?: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn("git", [...SAFE, "--git-dir", this.gitDir, ...args], { env: GIT_ENV, stdio: ["pipe", "pipe", "pipe"] });
      const out: Buffer[] = [];
      let err = "";
      child.stdout.on("data", (b: Buffer) => out.push(b));
      child.stderr.setEncoding("utf8").on("data", (s: string) => (err = (err + s).slice(-2000)));
      child.once("error", reject);
      child.once("close", (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new GitError(args, code, err.trim()))));
      child.stdin.on("error", () => undefined);
      child.stdin.end(input ?? "");
    });
  }

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

  /** Every entry of the commit's tree, recursively, in git's order (bytewise by path). */
  async tree(commit: string): Promise<TreeEntry[]> {
    const raw = await this.run(["ls-tree", "-r", "-z", "-l", "--full-tree", commit]);
    const out: TreeEntry[] = [];
    for (const rec of raw.toString("utf8").split("\0")) {
      if (!rec) continue;
      const tab = rec.indexOf("\t");
      const [mode, , oid, size] = rec.slice(0, tab).split(/ +/);
      out.push({ mode, oid, size: size === "-" ? 0 : Number(size), path: rec.slice(tab + 1) });
    }
    return out;
  }

  /** The bytes of blobs by object id, read by one cat-file process. */
  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    const unique = [...new Set(oids)];
    if (unique.length === 0) return out;
    const raw = await this.run(["cat-file", "--batch"], unique.join("\n") + "\n");
    let at = 0;
    for (const oid of unique) {
      const nl = raw.indexOf(10, at);
      const header = raw.subarray(at, nl).toString("latin1").split(" ");
      if (header[1] !== "blob") throw new AppError("BAD_REQUEST", `git object ${oid} is not a blob (${header.join(" ")})`);
      const size = Number(header[2]);
      out.set(oid, raw.subarray(nl + 1, nl + 1 + size));
      at = nl + 1 + size + 1;
    }
    return out;
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
