// A small second repository the build makes, so that counterfactual controls (a query from
// another repository) can come from ExecBoard's own material. Its source is a directory of
// steps, one a commit, taken in name order (`NN-name/`), each storing the commit as its change:
//   - `message.txt`, the commit message;
//   - `change.patch` (when the commit changes or deletes files the repository holds), a unified
//     diff against the previous commit as `git diff` writes it, applied to the index by
//     `git apply --cached --recount` (so a hand edit need not fix the hunk headers' counts);
//   - `files/<path>` (when the commit adds files), the whole content of each file it adds.
// The patch is applied first, then the added files; each commit is written through plumbing
// (apply and update-index on an index, write-tree, commit-tree) into a fresh bare repository
// with a fixed author and committer and one hour between commit dates, so its commit ids are
// the same on every machine. The repository is then mined like any other.
// `writeCompanionSource` writes a line of commits back in this form.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";

export const COMPANION_AUTHOR = { name: "ExecBoard companion", email: "companion@execboard.invalid" };
const FIRST_COMMIT_SECONDS = Date.UTC(2026, 0, 5, 9, 0, 0) / 1000;
const MESSAGE = "message.txt";
const PATCH = "change.patch";
const FILES = "files";
const STEP_ENTRIES = [MESSAGE, PATCH, FILES];

interface GitRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function runGit(gitDir: string, args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", LANG: "C", TZ: "UTC", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", ...opts.env };
    const child = spawn("git", ["-c", "core.hooksPath=/dev/null", "--git-dir", gitDir, ...args], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
    child.stdin.on("error", () => undefined); // a command that reads no input closes its stdin early
    child.stdin.end(opts.input ?? "");
  });
}

/** Runs git and answers its output as it wrote it; a failure is the build's own fault. */
async function gitRaw(gitDir: string, args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<Buffer> {
  const r = await runGit(gitDir, args, opts);
  if (r.code !== 0) throw new Error(`git ${args[0]} failed (${r.code}): ${r.stderr.trim()}`);
  return r.stdout;
}

const git = async (...a: Parameters<typeof gitRaw>): Promise<string> => (await gitRaw(...a)).toString("utf8").trim();
const nulSeparated = (text: string): string[] => text.split("\0").filter(Boolean);

function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

interface Step {
  name: string;
  dir: string;
  message: string;
  /** The path of the step's change.patch, when it has one. */
  patch: string | null;
  /** The paths (in the repository) of the files the step adds. */
  added: string[];
}

const stepError = (step: string, what: string) => new AppError("BAD_REQUEST", `companion step ${step}: ${what}`);

function readSteps(sourceDir: string): Step[] {
  const names = fs.existsSync(sourceDir) ? fs.readdirSync(sourceDir).filter((n) => /^\d+-/.test(n) && fs.statSync(path.join(sourceDir, n)).isDirectory()).sort() : [];
  if (names.length === 0) throw new AppError("BAD_REQUEST", `${sourceDir} holds no commit directories (NN-name/ with message.txt, change.patch and files/)`);
  return names.map((name) => {
    const dir = path.join(sourceDir, name);
    const stray = fs.readdirSync(dir).filter((e) => !STEP_ENTRIES.includes(e));
    if (stray.length > 0) throw stepError(name, `unexpected ${stray.join(", ")} (a step holds ${MESSAGE}, ${PATCH} and ${FILES}/)`);
    if (!fs.existsSync(path.join(dir, MESSAGE))) throw stepError(name, `has no ${MESSAGE}`);
    const patch = path.join(dir, PATCH);
    return {
      name,
      dir,
      message: fs.readFileSync(path.join(dir, MESSAGE), "utf8").replace(/\s+$/, "") + "\n",
      patch: fs.existsSync(patch) ? patch : null,
      added: listFiles(path.join(dir, FILES)),
    };
  });
}

/** git apply's complaint, one clause a line, without its "error: " prefixes. */
const applyComplaint = (stderr: string) =>
  stderr
    .split("\n")
    .map((l) => l.replace(/^error: /, "").trim())
    .filter(Boolean)
    .join("; ");

export interface CompanionRepo {
  gitDir: string;
  head: string;
  commits: number;
  cleanup(): void;
}

/** Builds the repository described by `sourceDir` in a new temporary bare repository. */
export async function makeCompanionRepo(sourceDir: string): Promise<CompanionRepo> {
  const steps = readSteps(sourceDir);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-companion-"));
  const cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  const gitDir = path.join(root, "repo.git");
  const onIndex = { env: { GIT_INDEX_FILE: path.join(root, "index") } };
  try {
    await git(gitDir, ["init", "--bare", "--quiet", "--initial-branch=main"]);
    let parent: string | null = null;
    for (const [i, step] of steps.entries()) {
      if (step.patch) {
        const r = await runGit(gitDir, ["apply", "--cached", "--recount", "--whitespace=nowarn", step.patch], onIndex);
        if (r.code !== 0) throw stepError(step.name, `${PATCH} does not apply to the previous commit (${applyComplaint(r.stderr)})`);
      }
      const held = new Set(nulSeparated(await git(gitDir, ["ls-files", "-z"], onIndex)));
      for (const file of step.added) {
        if (held.has(file)) throw stepError(step.name, `${FILES}/${file} is a file the repository already holds: ${FILES}/ is for the files a commit adds, a change to a held file belongs in ${PATCH}`);
        const oid = await git(gitDir, ["hash-object", "-w", "--stdin"], { input: fs.readFileSync(path.join(step.dir, FILES, file)) });
        await git(gitDir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${file}`], onIndex);
      }
      const tree = await git(gitDir, ["write-tree"], onIndex);
      const date = `${FIRST_COMMIT_SECONDS + i * 3600} +0000`;
      const who = { GIT_AUTHOR_NAME: COMPANION_AUTHOR.name, GIT_AUTHOR_EMAIL: COMPANION_AUTHOR.email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: COMPANION_AUTHOR.name, GIT_COMMITTER_EMAIL: COMPANION_AUTHOR.email, GIT_COMMITTER_DATE: date };
      parent = await git(gitDir, ["commit-tree", tree, ...(parent ? ["-p", parent] : [])], { input: step.message, env: who });
    }
    await git(gitDir, ["update-ref", "refs/heads/main", parent!]);
    return { gitDir, head: parent!, commits: steps.length, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

/** `NN-` and the first two words of the commit's subject, for a step the caller did not name. */
function defaultStepName(index: number, count: number, message: string): string {
  const words = (message.split("\n")[0]!.toLowerCase().match(/[a-z0-9]+/g) ?? ["commit"]).slice(0, 2);
  return `${String(index + 1).padStart(Math.max(2, String(count).length), "0")}-${words.join("-")}`;
}

/** Each commit's tree id and message, from the root to `head`. */
const treesAndMessages = async (gitDir: string, head: string) => (await gitRaw(gitDir, ["log", "--reverse", "-z", "--format=%T %B", head])).toString("utf8").split("\0");

/**
 * Writes the line of commits that ends at `head` in `gitDir` as a companion source directory
 * (what makeCompanionRepo reads): for each commit its message, the files it adds whole, and its
 * other changes as one patch. Steps take `names[i]` where given. The directory is built again
 * before it takes `outDir`'s place, and each commit it builds must have the tree and message of
 * the one it came from (a file mode other than 100644 is refused, for one), so nothing is left
 * half-written or stored differently. Answers the head the directory builds to: `head` itself
 * when the history already has the companion's fixed author and dates.
 */
export async function writeCompanionSource(opts: { gitDir: string; head: string; outDir: string; names?: string[] }): Promise<{ head: string }> {
  const { gitDir, head, outDir, names } = opts;
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) throw new AppError("BAD_REQUEST", `${outDir} is not empty`);
  const commits = (await git(gitDir, ["rev-list", "--reverse", "--parents", head])).split("\n").map((l) => l.split(" "));
  if (names && names.length !== commits.length) throw new AppError("BAD_REQUEST", `${commits.length} commits lead to ${head}, but ${names.length} step names were given`);
  if (names?.some((n, i) => !/^\d+-[\w.-]+$/.test(n) || (i > 0 && n <= names[i - 1]!))) throw new AppError("BAD_REQUEST", `step names are NN-name, in the commits' order: ${names.join(", ")}`);
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(outDir), ".companion-source-"));
  try {
    for (const [i, [commit, ...parents]] of commits.entries()) {
      if (parents.length !== (i === 0 ? 0 : 1) || (i > 0 && parents[0] !== commits[i - 1]![0])) throw new AppError("BAD_REQUEST", `${commit} is not on a single line of commits from a root (the companion has no merges)`);
      const raw = (await gitRaw(gitDir, ["cat-file", "commit", commit!])).toString("utf8");
      const message = raw.slice(raw.indexOf("\n\n") + 2);
      const dir = path.join(work, names?.[i] ?? defaultStepName(i, commits.length, message));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, MESSAGE), message);
      await writeStepChange(gitDir, dir, i === 0 ? ["--root", commit!] : [parents[0]!, commit!]);
    }
    const again = await makeCompanionRepo(work);
    try {
      const [wanted, built] = [await treesAndMessages(gitDir, head), await treesAndMessages(again.gitDir, again.head)];
      const k = wanted.findIndex((c, j) => c !== built[j]);
      if (k >= 0) throw new AppError("BAD_REQUEST", `commit ${commits[k]![0]} cannot be stored as a companion step: built again, its tree or message differs (a file mode other than 100644, a symbolic link or a submodule?)`);
    } finally {
      again.cleanup();
    }
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(work, outDir);
    return { head: again.head };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** One commit's step: the files `range` adds under files/, the rest of its diff as change.patch. */
async function writeStepChange(gitDir: string, dir: string, range: string[]): Promise<void> {
  const [commit] = range.slice(-1);
  const status = nulSeparated(await git(gitDir, ["diff-tree", "-r", "-z", "--no-commit-id", "--no-renames", "--name-status", ...range]));
  let changes = false;
  for (let k = 0; k + 1 < status.length; k += 2) {
    const [kind, file] = [status[k]!, status[k + 1]!];
    if (kind !== "A") {
      changes = true;
      continue;
    }
    const target = path.join(dir, FILES, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await gitRaw(gitDir, ["cat-file", "blob", `${commit}:${file}`]));
  }
  if (!changes) return;
  const diff = (await gitRaw(gitDir, ["diff-tree", "-p", "-U3", "--no-commit-id", "--no-renames", "--no-color", "--no-ext-diff", "--no-textconv", "--diff-filter=a", ...range])).toString("utf8");
  // The blob ids of `index` lines are left out: git apply has no use for them, and they would
  // go stale with the first hand edit.
  fs.writeFileSync(path.join(dir, PATCH), diff.replace(/^index [0-9a-f]+\.\.[0-9a-f]+( \d+)?\n/gm, ""));
}
