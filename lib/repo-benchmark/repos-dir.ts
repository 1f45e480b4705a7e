// Where a sample's repository lives under `--repos <dir>`: the first of <dir>/<owner>/<name>,
// <dir>/<owner>__<name>, <dir>/<owner>+<name>, <dir>/<name> (each also with .git appended) that
// is a git repository (a work tree or a bare repository).
import path from "node:path";
import { findGitDir } from "@/lib/repo-corpus/git-repo";

export function repoCandidates(reposDir: string, repo: string): string[] {
  const [owner, name] = repo.split("/");
  const bases = [path.join(reposDir, owner, name), path.join(reposDir, `${owner}__${name}`), path.join(reposDir, `${owner}+${name}`), path.join(reposDir, name)];
  return bases.flatMap((b) => [b, `${b}.git`]);
}

export function findRepo(reposDir: string, repo: string): string | null {
  for (const c of repoCandidates(reposDir, repo)) {
    const gitDir = findGitDir(c);
    if (gitDir) return gitDir;
  }
  return null;
}
