import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SELF_SOURCE_DIR } from "@/lib/construction/arb-mining/build-self";
import { BUILTIN_DIR } from "@/lib/construction/arb-mining/builtin";
import { COMPANION_AUTHOR, makeCompanionRepo, writeCompanionSource } from "@/lib/construction/arb-mining/companion-repo";
import { makeFixtureRepo } from "./git-fixture";

// The companion repository's source stores each commit as its change (message.txt, a
// change.patch for what it changes or deletes, files/ for what it adds) and builds to the same
// commit ids everywhere; writeCompanionSource writes a history back in that form.
const ROOT = process.cwd();
const COMPANION_SOURCE = path.join(ROOT, SELF_SOURCE_DIR, "companion");

const temps: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-companion-test-"));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface StepSpec {
  message: string;
  patch?: string;
  files?: Record<string, string>;
}

/** A source directory of the given steps; `files` holds entries by their path in the step (files/a.txt, or a stray deleted.txt). */
function writeSource(steps: Record<string, StepSpec>): string {
  const dir = tempDir();
  for (const [name, step] of Object.entries(steps)) {
    const entries: Record<string, string> = { "message.txt": step.message, ...(step.patch ? { "change.patch": step.patch } : {}), ...step.files };
    for (const [file, text] of Object.entries(entries)) {
      fs.mkdirSync(path.dirname(path.join(dir, name, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, name, file), text);
    }
  }
  return dir;
}

const gitIn = (gitDir: string, ...args: string[]) => execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8" });
const treeOf = (gitDir: string, rev: string) => gitIn(gitDir, "ls-tree", "-r", "--name-only", rev).trim().split("\n");
const filesUnder = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

const START: StepSpec = { message: "Start\n", files: { "files/a.txt": "one\ntwo\nthree\n", "files/b.txt": "bee\n" } };
// Written by hand, as a maintainer would: the first hunk's header counts are wrong (git apply
// recounts them) and there are no index lines.
const CHANGE_PATCH = ["diff --git a/a.txt b/a.txt", "--- a/a.txt", "+++ b/a.txt", "@@ -1,3 +1,9 @@", " one", "-two", "+2", " three", "diff --git a/b.txt b/b.txt", "deleted file mode 100644", "--- a/b.txt", "+++ /dev/null", "@@ -1 +0,0 @@", "-bee", ""].join("\n");

describe("the companion repository", () => {
  it("builds its committed source to the commit its samples were mined at", async () => {
    const repo = await makeCompanionRepo(COMPANION_SOURCE);
    try {
      const meta = JSON.parse(fs.readFileSync(path.join(ROOT, BUILTIN_DIR, "companion", "benchmark.json"), "utf8"));
      expect(repo.commits).toBe(11);
      expect(repo.head).toBe(meta.repository.base_commit);
    } finally {
      repo.cleanup();
    }
  });

  it("stores each commit once: whole files only where it adds them, a patch for the rest, as writeCompanionSource writes it", async () => {
    const isStep = (f: string) => /^\d+-/.test(f);
    const names = fs.readdirSync(COMPANION_SOURCE).filter(isStep).sort();
    const repo = await makeCompanionRepo(COMPANION_SOURCE);
    const out = path.join(tempDir(), "companion");
    try {
      expect(await writeCompanionSource({ gitDir: repo.gitDir, head: repo.head, outDir: out, names })).toEqual({ head: repo.head });
    } finally {
      repo.cleanup();
    }
    const stored = filesUnder(COMPANION_SOURCE).filter(isStep);
    expect(filesUnder(out)).toEqual(stored);
    for (const file of stored.filter((f) => !f.endsWith("change.patch"))) expect(fs.readFileSync(path.join(out, file)), file).toEqual(fs.readFileSync(path.join(COMPANION_SOURCE, file)));
    const added = stored.filter((f) => f.split(path.sep)[1] === "files").map((f) => f.split(path.sep).slice(2).join("/"));
    expect(new Set(added).size).toBe(added.length);
    expect(stored.filter((f) => f.endsWith("change.patch")).length).toBeGreaterThanOrEqual(6);
  });

  it("applies a hand-written patch (a change and a deletion) before the files a step adds, with the fixed author and dates", async () => {
    const repo = await makeCompanionRepo(writeSource({ "01-start": START, "02-change": { message: "Change\n\n  with a body  \n\n", patch: CHANGE_PATCH, files: { "files/dir/c.txt": "sea\n" } } }));
    try {
      expect(repo.commits).toBe(2);
      expect(treeOf(repo.gitDir, `${repo.head}~1`)).toEqual(["a.txt", "b.txt"]);
      expect(treeOf(repo.gitDir, repo.head)).toEqual(["a.txt", "dir/c.txt"]);
      expect(gitIn(repo.gitDir, "show", `${repo.head}:a.txt`)).toBe("one\n2\nthree\n");
      const who = `${COMPANION_AUTHOR.name} <${COMPANION_AUTHOR.email}>`;
      expect(gitIn(repo.gitDir, "log", "--format=%an <%ae> %at, %cn <%ce> %ct", "main")).toBe(`${who} 1767607200, ${who} 1767607200\n${who} 1767603600, ${who} 1767603600\n`);
      expect(gitIn(repo.gitDir, "log", "-1", "--format=%B", "main")).toBe("Change\n\n  with a body\n\n");
    } finally {
      repo.cleanup();
    }
  });

  it.each([
    ["a patch whose context is not the previous commit's", { patch: CHANGE_PATCH.replace(" three", " drei") }, /^companion step 02-change: change\.patch does not apply to the previous commit \(patch failed: a\.txt:1; a\.txt: patch does not apply\)$/],
    ["a patch that is not a patch", { patch: "edit a.txt\n" }, /^companion step 02-change: change\.patch does not apply to the previous commit \(No valid patches in input/],
    ["files/ holding a file the repository already has", { files: { "files/a.txt": "uno\n" } }, /^companion step 02-change: files\/a\.txt is a file the repository already holds: files\/ is for the files a commit adds, a change to a held file belongs in change\.patch$/],
    ["an entry of the former layout", { files: { "deleted.txt": "b.txt\n" } }, /^companion step 02-change: unexpected deleted\.txt \(a step holds message\.txt, change\.patch and files\/\)$/],
  ])("refuses %s, naming the step and the file, and leaves no repository behind", async (_what, change, error) => {
    const source = writeSource({ "01-start": START, "02-change": { message: "Change\n", ...change } });
    const tmp = tempDir();
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      await expect(makeCompanionRepo(source)).rejects.toThrow(error);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("makes a step with only a message a commit of the same tree", async () => {
    const repo = await makeCompanionRepo(writeSource({ "01-start": START, "02-note": { message: "A note\n" } }));
    try {
      const [tree, before] = gitIn(repo.gitDir, "rev-parse", "main^{tree}", "main~1^{tree}").trim().split("\n");
      expect(repo.commits).toBe(2);
      expect(tree).toMatch(/^[0-9a-f]{40}$/);
      expect(tree).toBe(before);
    } finally {
      repo.cleanup();
    }
  });

  it("refuses a step without a message and a directory without steps", async () => {
    const noMessage = writeSource({ "01-start": START });
    fs.rmSync(path.join(noMessage, "01-start", "message.txt"));
    await expect(makeCompanionRepo(noMessage)).rejects.toThrow(/^companion step 01-start: has no message\.txt$/);
    await expect(makeCompanionRepo(tempDir())).rejects.toThrow(/holds no commit directories/);
  });

  it("writes a history back with steps named from their subjects", async () => {
    const repo = await makeCompanionRepo(writeSource({ "01-start": START, "02-change": { message: "Change the numbers\n", patch: CHANGE_PATCH } }));
    const out = path.join(tempDir(), "again");
    try {
      expect(await writeCompanionSource({ gitDir: repo.gitDir, head: repo.head, outDir: out })).toEqual({ head: repo.head });
    } finally {
      repo.cleanup();
    }
    expect(filesUnder(out)).toEqual(["01-start/files/a.txt", "01-start/files/b.txt", "01-start/message.txt", "02-change-the/change.patch", "02-change-the/message.txt"]);
    expect(fs.readFileSync(path.join(out, "02-change-the", "change.patch"), "utf8")).toBe(CHANGE_PATCH.replace("@@ -1,3 +1,9 @@", "@@ -1,3 +1,3 @@"));
  });

  it("takes another repository's history with the companion's author and dates, and refuses what a step cannot hold", async () => {
    const foreign = await makeFixtureRepo([{ message: "Start", files: { "a.txt": "a\n" } }, { message: "Side", merge: [{ message: "On a side", files: { "b.txt": "b\n" } }] }]);
    const script = await makeFixtureRepo([{ message: "Start", files: { "a.txt": "a\n" } }]);
    const parent = tempDir();
    const taken = path.join(parent, "taken");
    try {
      const gitDir = path.join(foreign.dir, ".git");
      const { head } = await writeCompanionSource({ gitDir, head: foreign.shas[0]!, outDir: taken });
      expect(filesUnder(taken)).toEqual(["01-start/files/a.txt", "01-start/message.txt"]);
      const rebuilt = await makeCompanionRepo(taken);
      expect(rebuilt.head).toBe(head);
      expect(head).not.toBe(foreign.shas[0]);
      expect(gitIn(rebuilt.gitDir, "rev-parse", "main^{tree}")).toBe(gitIn(gitDir, "rev-parse", `${foreign.shas[0]}^{tree}`));
      rebuilt.cleanup();
      fs.rmSync(taken, { recursive: true });

      await expect(writeCompanionSource({ gitDir, head: foreign.head, outDir: taken })).rejects.toThrow(/is not on a single line of commits from a root \(the companion has no merges\)$/);
      await expect(writeCompanionSource({ gitDir, head: foreign.shas[0]!, outDir: taken, names: ["start"] })).rejects.toThrow(/^step names are NN-name, in the commits' order: start$/);
      fs.writeFileSync(path.join(script.dir, "run.sh"), "echo\n", { mode: 0o755 });
      for (const args of [["add", "run.sh"], ["commit", "--quiet", "-m", "Add a script"]]) execFileSync("git", ["-C", script.dir, "-c", "user.name=F", "-c", "user.email=f@example.invalid", "-c", "core.hooksPath=/dev/null", ...args]);
      await expect(writeCompanionSource({ gitDir: path.join(script.dir, ".git"), head: "HEAD", outDir: taken })).rejects.toThrow(/^commit [0-9a-f]{40} cannot be stored as a companion step: built again, its tree or message differs/);
      expect(fs.readdirSync(parent)).toEqual([]);
    } finally {
      foreign.cleanup();
      script.cleanup();
    }
  });
});
