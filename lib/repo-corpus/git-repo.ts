// Read-only access to a local git repository for building snapshots: the tree of a commit, the
// bytes of its blobs, a commit's patch. Nothing is checked out and nothing is written: only
// plumbing commands that read objects (rev-parse, ls-tree, cat-file, diff-tree), which run no
// hooks, filters or pagers, with the user's and the system's git configuration ignored and
// optional locks off. A repository owned by someone else is read all the same (safe.directory).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";

const GIT_ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/nonexistent",
  LANG: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  GIT_NO_REPLACE_OBJECTS: "1",
} as unknown as NodeJS.ProcessEnv;

const SAFE = ["-c", "core.hooksPath=/dev/null", "-c", "safe.directory=*", "-c", "core.fsmonitor=false", "-c", "diff.external="];

export interface TreeEntry {
  path: string;
  /** 100644, 100755 (files), 120000 (symlink), 160000 (submodule). */
  mode: string;
  /** The git object id (blob or commit). */
  oid: string;
  /** Bytes, for blobs. */
  size: number;
}

function run(gitDir: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...SAFE, "--git-dir", gitDir, ...args], { env: GIT_ENV, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err = (err + s).slice(-2000)));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new GitError(args[0], code, err.trim()))));
    child.stdin.on("error", () => undefined);
    child.stdin.end(input ?? "");
  });
}

export class GitError extends Error {
  constructor(
    readonly command: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${command} failed (${code}): ${stderr}`);
  }
}

/** The git directory of a repository at `dir` (a work tree with .git, or a bare repository), or null. */
export function findGitDir(dir: string): string | null {
  const dotGit = path.join(dir, ".git");
  if (fs.existsSync(dotGit) && fs.statSync(dotGit).isDirectory()) return dotGit;
  if (fs.existsSync(path.join(dir, "objects")) && fs.existsSync(path.join(dir, "HEAD"))) return dir;
  // A work tree whose .git is a file ("gitdir: …", worktrees and submodules) is not read:
  // its objects live elsewhere.
  return null;
}

export class GitRepo {
  constructor(readonly gitDir: string) {}

  /** Whether `commit` names a commit object of this repository (a full 40-hex id). */
  async hasCommit(commit: string): Promise<boolean> {
    if (!/^[0-9a-f]{40}$/.test(commit)) return false;
    try {
      return (await run(this.gitDir, ["cat-file", "-t", commit])).toString().trim() === "commit";
    } catch (e) {
      if (e instanceof GitError) return false;
      throw e;
    }
  }

  /** Every entry of the commit's tree, recursively, in git's order (by path, bytewise). */
  async tree(commit: string): Promise<TreeEntry[]> {
    const raw = await run(this.gitDir, ["ls-tree", "-r", "-z", "-l", "--full-tree", commit]);
    const out: TreeEntry[] = [];
    for (const rec of raw.toString("utf8").split("\0")) {
      if (!rec) continue;
      const tab = rec.indexOf("\t");
      const [mode, , oid, size] = rec.slice(0, tab).split(/ +/);
      out.push({ mode, oid, size: size === "-" ? 0 : Number(size), path: rec.slice(tab + 1) });
    }
    return out;
  }

  /** The bytes of blobs by object id, in one cat-file process; `onBlob` is called in order. */
  async readBlobs(oids: readonly string[], onBlob: (oid: string, bytes: Buffer) => void | Promise<void>): Promise<void> {
    if (oids.length === 0) return;
    const raw = await run(this.gitDir, ["cat-file", "--batch"], oids.join("\n") + "\n");
    let at = 0;
    for (const oid of oids) {
      const nl = raw.indexOf(10, at);
      const header = raw.subarray(at, nl).toString("latin1").split(" ");
      if (header[1] !== "blob") throw new AppError("BAD_REQUEST", `git object ${oid} is not a blob (${header.join(" ")})`);
      const size = Number(header[2]);
      await onBlob(oid, raw.subarray(nl + 1, nl + 1 + size));
      at = nl + 1 + size + 1;
    }
  }

  /** The lines a commit adds (against its first parent) in the given files; null when the commit is not in the repository. */
  async addedLines(commit: string, paths: readonly string[]): Promise<Map<string, string[]> | null> {
    if (!(await this.hasCommit(commit))) return null;
    const raw = (await run(this.gitDir, ["diff-tree", "-p", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "--no-renames", "-m", "--first-parent", "--root", commit, "--", ...paths])).toString("utf8");
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
