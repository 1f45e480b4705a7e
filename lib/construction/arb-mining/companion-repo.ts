// A small second repository the build makes, so that counterfactual controls (a query from
// another repository) can come from ExecBoard's own material: a directory of commits, each
// `<NN-name>/message.txt` and `<NN-name>/files/<path>` (the full new content of every file the
// commit adds or changes; `deleted.txt`, one path a line, for removals), applied in name order
// to a fresh bare repository through plumbing (hash-object, mktree via an index, commit-tree)
// with a fixed author, committer and one hour between commit dates, so its commit ids are the
// same on every machine. The repository is then mined like any other.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";

export const COMPANION_AUTHOR = { name: "ExecBoard companion", email: "companion@execboard.invalid" };
const FIRST_COMMIT_SECONDS = Date.UTC(2026, 0, 5, 9, 0, 0) / 1000;

function git(gitDir: string, args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", LANG: "C", TZ: "UTC", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", ...opts.env };
    const child = spawn("git", ["-c", "core.hooksPath=/dev/null", "--git-dir", gitDir, ...args], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(Buffer.concat(out).toString("utf8").trim()) : reject(new Error(`git ${args[0]} failed (${code}): ${err.trim()}`))));
    child.stdin.on("error", () => undefined); // a command that reads no input closes its stdin early
    child.stdin.end(opts.input ?? "");
  });
}

function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

export interface CompanionRepo {
  gitDir: string;
  head: string;
  commits: number;
  cleanup(): void;
}

/** Builds the repository described by `sourceDir` in a new temporary bare repository. */
export async function makeCompanionRepo(sourceDir: string): Promise<CompanionRepo> {
  const steps = fs.existsSync(sourceDir) ? fs.readdirSync(sourceDir).filter((n) => /^\d+-/.test(n) && fs.statSync(path.join(sourceDir, n)).isDirectory()).sort() : [];
  if (steps.length === 0) throw new AppError("BAD_REQUEST", `${sourceDir} holds no commit directories (NN-name/message.txt and NN-name/files/)`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-companion-"));
  const gitDir = path.join(root, "repo.git");
  const index = path.join(root, "index");
  await git(gitDir, ["init", "--bare", "--quiet", "--initial-branch=main"]);
  let parent: string | null = null;
  for (const [i, step] of steps.entries()) {
    const dir = path.join(sourceDir, step);
    const messageFile = path.join(dir, "message.txt");
    if (!fs.existsSync(messageFile)) throw new AppError("BAD_REQUEST", `${step} has no message.txt`);
    for (const file of listFiles(path.join(dir, "files"))) {
      const oid = await git(gitDir, ["hash-object", "-w", "--stdin"], { input: fs.readFileSync(path.join(dir, "files", file)) });
      await git(gitDir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${file}`], { env: { GIT_INDEX_FILE: index } });
    }
    const deleted = fs.existsSync(path.join(dir, "deleted.txt")) ? fs.readFileSync(path.join(dir, "deleted.txt"), "utf8").split("\n").filter(Boolean) : [];
    for (const file of deleted) await git(gitDir, ["update-index", "--force-remove", file], { env: { GIT_INDEX_FILE: index } });
    const tree = await git(gitDir, ["write-tree"], { env: { GIT_INDEX_FILE: index } });
    const date = `${FIRST_COMMIT_SECONDS + i * 3600} +0000`;
    const who = { GIT_AUTHOR_NAME: COMPANION_AUTHOR.name, GIT_AUTHOR_EMAIL: COMPANION_AUTHOR.email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: COMPANION_AUTHOR.name, GIT_COMMITTER_EMAIL: COMPANION_AUTHOR.email, GIT_COMMITTER_DATE: date };
    const message = fs.readFileSync(messageFile, "utf8").replace(/\s+$/, "") + "\n";
    const commit: string = await git(gitDir, ["commit-tree", tree, ...(parent ? ["-p", parent] : [])], { input: message, env: who });
    parent = commit;
  }
  await git(gitDir, ["update-ref", "refs/heads/main", parent!]);
  return { gitDir, head: parent!, commits: steps.length, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
