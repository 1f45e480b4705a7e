import fs from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import pkg from "@/package.json";

// The ExecBoard build that produced a result: package.json's version and the git commit, from
// EXECBOARD_GIT_COMMIT when the deployment sets it (an image has no .git), else from the
// checkout's .git (HEAD, a loose ref or packed-refs), read once. null when neither exists.
export interface ExecboardVersion {
  version: string;
  commit: string | null;
}

let cached: ExecboardVersion | undefined;

export function getExecboardVersion(): ExecboardVersion {
  cached ??= { version: pkg.version, commit: getConfig().EXECBOARD_GIT_COMMIT ?? readGitCommit(process.cwd()) };
  return cached;
}

export function readGitCommit(root: string): string | null {
  try {
    const git = path.join(root, ".git");
    const head = fs.readFileSync(path.join(git, "HEAD"), "utf8").trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head; // detached
    const ref = /^ref: (refs\/[\w./-]+)$/.exec(head)?.[1];
    if (!ref) return null;
    const loose = path.join(git, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, "utf8").trim() || null;
    const packed = fs.readFileSync(path.join(git, "packed-refs"), "utf8");
    return packed.split("\n").find((l) => l.endsWith(` ${ref}`))?.slice(0, 40) ?? null;
  } catch {
    return null;
  }
}
