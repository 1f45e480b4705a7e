// Which commits of a history are workflow signals: commits reachable from the base, each read
// against its first parent. Left out, and counted: merges (their change is their parents'),
// the root commit (a project's first tree is a skeleton, not a change), reverts, commits that
// change no code, test or configuration file (documentation, data, lock files only), and huge
// ones (more than MAX_COMMIT_FILES such files or MAX_COMMIT_LINES changed lines: refactors and
// imports whose message cannot say what each file is for). What survives is read once: its
// changes, their kinds, its per-file patches (code, tests and configuration only) and its
// message split into subject and body.
import { GitReader, type CommitInfo, type FileChange } from "./git-reader";
import { parsePatch, type FilePatch } from "./patch";
import { isRetrievable, pathKind, type PathKind } from "./path-kinds";

export const MAX_COMMIT_FILES = 30;
export const MAX_COMMIT_LINES = 4000;

export type CommitSkip = "merge" | "root" | "revert" | "no_code" | "too_large";

export interface SignalCommit {
  sha: string;
  parent: string;
  subject: string;
  body: string;
  changes: FileChange[];
  kinds: Map<string, PathKind>;
  /** Code, test and configuration changes (deletions included). */
  retrievable: FileChange[];
  patches: Map<string, FilePatch>;
}

export interface HistoryScan {
  commits: SignalCommit[];
  /** Every commit reachable from the base, before selection. */
  reachable: number;
  skipped: Record<CommitSkip, number>;
}

export function splitMessage(message: string): { subject: string; body: string } {
  const lines = message.replace(/\r\n?/g, "\n").split("\n");
  let cut = lines.findIndex((l) => l.trim() === "");
  if (cut < 0) cut = lines.length;
  return { subject: lines.slice(0, cut).join(" ").replace(/\s+/g, " ").trim(), body: lines.slice(cut + 1).join("\n").trim() };
}

function skipOf(c: CommitInfo, changes: FileChange[] | null): CommitSkip | null {
  if (c.parents.length > 1) return "merge";
  if (c.parents.length === 0) return "root";
  if (/^revert\b/i.test(c.message.trim())) return "revert";
  if (!changes) return null;
  const code = changes.filter((x) => isRetrievable(pathKind(x.path)));
  if (code.length === 0) return "no_code";
  const lines = code.reduce((a, x) => a + x.added + x.deleted, 0);
  if (code.length > MAX_COMMIT_FILES || lines > MAX_COMMIT_LINES) return "too_large";
  return null;
}

/** The signal commits reachable from `base`, oldest first. */
export async function scanHistory(git: GitReader, base: string): Promise<HistoryScan> {
  const all = await git.history(base);
  const skipped: Record<CommitSkip, number> = { merge: 0, root: 0, revert: 0, no_code: 0, too_large: 0 };
  const commits: SignalCommit[] = [];
  for (const c of [...all].reverse()) {
    const early = skipOf(c, null);
    if (early) {
      skipped[early]++;
      continue;
    }
    const changes = await git.changes(c.sha);
    const skip = skipOf(c, changes);
    if (skip) {
      skipped[skip]++;
      continue;
    }
    const kinds = new Map(changes.map((x) => [x.path, pathKind(x.path)]));
    const retrievable = changes.filter((x) => isRetrievable(kinds.get(x.path)!));
    const patches = new Map<string, FilePatch>();
    for (const x of retrievable) if (!x.binary) patches.set(x.path, parsePatch(await git.filePatch(c.sha, x.path)));
    commits.push({ sha: c.sha, parent: c.parents[0], ...splitMessage(c.message), changes, kinds, retrievable, patches });
  }
  return { commits, reachable: all.length, skipped };
}
