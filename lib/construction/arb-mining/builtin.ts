// The seam between the built-in repository-retrieval benchmark and the second track's import:
// what `execboard benchmark import-arb <samples.jsonl> --repos <dir>` needs to read
// benchmarks/arb-self from this installation. Its samples name the repository
// "execboard/execboard" at the pinned commit; the import looks for a repository under --repos by
// that name, so a temporary directory holds one link, "execboard+execboard.git", to this
// installation's own git directory (the common one, when this is a linked work tree). Nothing
// is copied and nothing is written to the repository. A clone without the pinned commit
// (shallow, or a source archive without .git) is refused with what to do about it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import { GitReader, resolveGitDir } from "./git-reader";
import { readSelfBuild, SELF_SOURCE_DIR } from "./build-self";

export const BUILTIN_DIR = "benchmarks/arb-self";

export interface BuiltInArb {
  /** benchmarks/arb-self/samples.jsonl (benchmark.json beside it). */
  samplesPath: string;
  /** A directory the import's --repos can name. */
  reposDir: string;
  repo: string;
  baseCommit: string;
  cleanup(): void;
}

/** The git directory that holds the objects: a linked work tree's points to its common one. */
function commonGitDir(gitDir: string): string {
  const common = path.join(gitDir, "commondir");
  return fs.existsSync(common) ? path.resolve(gitDir, fs.readFileSync(common, "utf8").trim()) : gitDir;
}

export async function prepareBuiltInArb(root: string): Promise<BuiltInArb> {
  const spec = readSelfBuild(path.join(root, SELF_SOURCE_DIR));
  const samplesPath = path.join(root, BUILTIN_DIR, "samples.jsonl");
  if (!fs.existsSync(samplesPath)) throw new AppError("BAD_REQUEST", `${samplesPath} is missing; run execboard benchmark build-arb-self`);
  let gitDir: string;
  try {
    gitDir = commonGitDir(resolveGitDir(root));
  } catch {
    throw new AppError("BAD_REQUEST", `the built-in repository benchmark reads ExecBoard's own git history, and ${root} is not a git clone; clone the repository (not a source archive) to serve it`);
  }
  if (!(await new GitReader(gitDir).resolveCommit(spec.base_commit).then(() => true, () => false))) {
    throw new AppError("BAD_REQUEST", `the built-in repository benchmark is pinned at ${spec.base_commit}, which this clone lacks (a shallow clone?); run git fetch --unshallow`);
  }
  const reposDir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-arb-repos-"));
  const [owner, name] = spec.benchmark.repo.split("/");
  fs.symlinkSync(gitDir, path.join(reposDir, `${owner}+${name}.git`));
  return { samplesPath, reposDir, repo: spec.benchmark.repo, baseCommit: spec.base_commit, cleanup: () => fs.rmSync(reposDir, { recursive: true, force: true }) };
}
