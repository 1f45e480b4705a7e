import fs from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import pkg from "@/package.json";

// The ExecBoard build that produced a result: package.json's version and the git commit, from
// EXECBOARD_GIT_COMMIT when the deployment sets it (an image has no .git), else from the
// checkout's .git (HEAD, a loose ref or packed-refs; in a linked worktree, whose .git is a file
// naming its git directory, HEAD there and the refs in the common one), read once. null when
// neither exists.
export interface ExecboardVersion {
  version: string;
  commit: string | null;
}

let cached: ExecboardVersion | undefined;

export function getExecboardVersion(): ExecboardVersion {
  cached ??= { version: pkg.version, commit: getConfig().EXECBOARD_GIT_COMMIT ?? readGitCommit(process.cwd()) };
  return cached;
}

/** The checkout's git directory (HEAD lives there) and the common one (refs, packed-refs). */
function gitDirs(root: string): { git: string; common: string } {
  const dotGit = path.join(root, ".git");
  if (!fs.statSync(dotGit).isFile()) return { git: dotGit, common: dotGit };
  const target = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, "utf8"))?.[1].trim();
  if (!target) throw new Error(".git names no gitdir");
  const git = path.resolve(root, target);
  const commondir = path.join(git, "commondir");
  return { git, common: fs.existsSync(commondir) ? path.resolve(git, fs.readFileSync(commondir, "utf8").trim()) : git };
}

export function readGitCommit(root: string): string | null {
  try {
    const { git, common } = gitDirs(root);
    const head = fs.readFileSync(path.join(git, "HEAD"), "utf8").trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head; // detached
    const ref = /^ref: (refs\/[\w./-]+)$/.exec(head)?.[1];
    if (!ref) return null;
    for (const dir of new Set([git, common])) {
      const loose = path.join(dir, ref);
      if (fs.existsSync(loose)) return fs.readFileSync(loose, "utf8").trim() || null;
    }
    const packed = fs.readFileSync(path.join(common, "packed-refs"), "utf8");
    return packed.split("\n").find((l) => l.endsWith(` ${ref}`))?.slice(0, 40) ?? null;
  } catch {
    return null;
  }
}
