// Small git repositories made on the fly for the miners' tests: each commit writes (or, with
// null, deletes) files and commits them with a fixed author and a date one hour after the last,
// so the same steps give the same commit ids; a step may instead merge a side branch.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface FixtureCommit {
  message: string;
  files?: Record<string, string | null>;
  /** Commit these steps on a side branch first, then merge it with this step's message. */
  merge?: FixtureCommit[];
}

export interface FixtureRepo {
  dir: string;
  head: string;
  /** Commit ids in the order the steps made them (a merge's side commits before the merge). */
  shas: string[];
  cleanup(): void;
}

const ENV = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", LANG: "C", TZ: "UTC", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

export async function makeFixtureRepo(steps: FixtureCommit[]): Promise<FixtureRepo> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-arb-fixture-"));
  fs.chmodSync(dir, 0o755);
  let clock = Date.UTC(2026, 1, 1) / 1000;
  const git = (args: string[]) => {
    clock += 3600;
    const date = `${clock} +0000`;
    const env = { ...ENV, GIT_AUTHOR_NAME: "Fixture", GIT_AUTHOR_EMAIL: "fixture@example.invalid", GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: "Fixture", GIT_COMMITTER_EMAIL: "fixture@example.invalid", GIT_COMMITTER_DATE: date };
    return execFileSync("git", ["-c", "core.hooksPath=/dev/null", "-C", dir, ...args], { env: env as unknown as NodeJS.ProcessEnv, encoding: "utf8" }).trim();
  };
  git(["init", "--quiet", "--initial-branch=main"]);
  const shas: string[] = [];
  const apply = (c: FixtureCommit) => {
    for (const [file, content] of Object.entries(c.files ?? {})) {
      const target = path.join(dir, file);
      if (content === null) fs.rmSync(target);
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, content);
      }
    }
    git(["add", "-A"]);
    git(["commit", "--quiet", "--allow-empty", "-m", c.message]);
    shas.push(git(["rev-parse", "HEAD"]));
  };
  for (const step of steps) {
    if (!step.merge) {
      apply(step);
      continue;
    }
    git(["checkout", "--quiet", "-b", "side"]);
    for (const s of step.merge) apply(s);
    git(["checkout", "--quiet", "main"]);
    git(["merge", "--quiet", "--no-ff", "-m", step.message, "side"]);
    git(["branch", "--quiet", "-D", "side"]);
    shas.push(git(["rev-parse", "HEAD"]));
  }
  return { dir, head: shas[shas.length - 1], shas, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Lines numbered from 1, for files whose exact text a test does not care about. */
export function lines(n: number, make: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => make(i + 1)).join("\n") + "\n";
}
