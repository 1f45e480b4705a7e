// Read-only access to a local git repository, for everything ExecBoard reads from one: the
// benchmark miner (lib/construction/arb-mining) and the repository corpus (lib/repo-corpus)
// build on this class and add the reads that are their own. Nothing is checked out and nothing
// is written: only plumbing that reads objects, with hooks pointed at /dev/null, the user's and
// the system's configuration ignored, no fsmonitor, optional locks off, no external diff driver
// and paths left unquoted (a non-ASCII path reads as itself); a repository owned by someone
// else is read all the same (safe.directory).
import { spawn } from "node:child_process";
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

/** What every diff here is asked with: plain text, no external diff or textconv driver, no rename detection. */
export const DIFF_FLAGS = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];

export interface TreeEntry {
  path: string;
  /** 100644, 100755 (files), 120000 (symlink), 160000 (submodule). */
  mode: string;
  /** The git object id (blob or commit). */
  oid: string;
  /** Bytes, for blobs. */
  size: number;
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0]} failed (${code}): ${stderr}`);
  }
}

export class ReadOnlyGit {
  constructor(readonly gitDir: string) {}

  /** One git command on this repository: its whole stdout, or a GitError with the end of its stderr. */
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

  /** The bytes of blobs by object id, read by one cat-file process; `onBlob` is called for each id in the order given. */
  async forEachBlob(oids: readonly string[], onBlob: (oid: string, bytes: Buffer) => void | Promise<void>): Promise<void> {
    if (oids.length === 0) return;
    const raw = await this.run(["cat-file", "--batch"], oids.join("\n") + "\n");
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

  /** The bytes of blobs by object id, each distinct id read once. */
  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    await this.forEachBlob([...new Set(oids)], (oid, bytes) => void out.set(oid, bytes));
    return out;
  }
}
