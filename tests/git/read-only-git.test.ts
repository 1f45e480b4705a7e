// The read-only git plumbing the miner and the repository corpus share (lib/git): a commit's
// tree, blobs read in one batch, failures as GitError, and paths that are not ASCII read as
// themselves, in trees and in diffs alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GitReader } from "@/lib/construction/arb-mining/git-reader";
import { GitError, ReadOnlyGit } from "@/lib/git/read-only-git";
import { GitRepo } from "@/lib/repo-corpus/git-repo";
import { makeFixtureRepo, type FixtureRepo } from "../arb-mining/git-fixture";

let repo: FixtureRepo;
let git: ReadOnlyGit;

beforeAll(async () => {
  repo = await makeFixtureRepo([
    { message: "Start", files: { "src/b.ts": "export const b = 2;\n", "src/a.ts": "export const a = 1;\n", "README.md": "# fixture\n", "docs/café.md": "Un café.\n" } },
    { message: "Twins and a change", files: { "src/twin.ts": "export const a = 1;\n", "docs/café.md": "Un café.\nDeux cafés.\n" } },
  ]);
  git = new ReadOnlyGit(`${repo.dir}/.git`);
});

afterAll(() => repo?.cleanup());

describe("a commit's tree", () => {
  it("lists every file recursively in git's bytewise order, with mode, object id and size", async () => {
    const tree = await git.tree(repo.shas[1]);
    expect(tree.map((e) => e.path)).toEqual(["README.md", "docs/café.md", "src/a.ts", "src/b.ts", "src/twin.ts"]);
    for (const e of tree) {
      expect(e.mode).toBe("100644");
      expect(e.oid).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(tree.find((e) => e.path === "docs/café.md")!.size).toBe(Buffer.byteLength("Un café.\nDeux cafés.\n"));
    // The same content is one object, whichever path holds it.
    expect(tree.find((e) => e.path === "src/twin.ts")!.oid).toBe(tree.find((e) => e.path === "src/a.ts")!.oid);
  });

  it("is what a subclass reads too: the miner's and the corpus's readers list the same tree", async () => {
    const mine = await new GitReader(git.gitDir).tree(repo.head);
    const corpus = await new GitRepo(git.gitDir).tree(repo.head);
    expect(mine).toEqual(await git.tree(repo.head));
    expect(corpus).toEqual(mine);
  });
});

describe("blobs", () => {
  it("reads each id's bytes in one batch, in the order given, repeats included", async () => {
    const tree = await git.tree(repo.head);
    const oids = tree.map((e) => e.oid);
    const seen: [string, string][] = [];
    await git.forEachBlob([...oids, oids[0]], (oid, bytes) => void seen.push([oid, bytes.toString("utf8")]));
    expect(seen.map(([oid]) => oid)).toEqual([...oids, oids[0]]);
    expect(seen[1][1]).toBe("Un café.\nDeux cafés.\n");
    expect(seen[seen.length - 1][1]).toBe("# fixture\n");
  });

  it("gathers them by id, each distinct id once", async () => {
    const tree = await git.tree(repo.head);
    const blobs = await git.readBlobs(tree.map((e) => e.oid));
    expect(blobs.size).toBe(tree.length - 1); // src/a.ts and src/twin.ts are one blob
    for (const e of tree) expect(blobs.get(e.oid)!.length).toBe(e.size);
    expect(blobs.get(tree.find((e) => e.path === "src/b.ts")!.oid)!.toString("utf8")).toBe("export const b = 2;\n");
    expect((await git.readBlobs([])).size).toBe(0);
  });

  it("refuses an object that is not a blob, naming it", async () => {
    const treeId = (await git.run(["rev-parse", `${repo.head}^{tree}`])).toString().trim();
    await expect(git.readBlobs([treeId])).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(`git object ${treeId} is not a blob`) });
  });
});

describe("failures", () => {
  it("are GitErrors carrying the command, its exit code and the end of its stderr", async () => {
    const e = await git.run(["cat-file", "-t", "0".repeat(40)]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GitError);
    const err = e as GitError;
    expect(err.args).toEqual(["cat-file", "-t", "0".repeat(40)]);
    expect(err.code).not.toBe(0);
    expect(err.message).toMatch(/^git cat-file failed \(\d+\): /);
    expect(err.stderr.length).toBeGreaterThan(0);
  });
});

describe("paths that are not ASCII", () => {
  it("read as themselves in a commit's added lines", async () => {
    const added = await new GitRepo(git.gitDir).addedLines(repo.head, ["docs/café.md"]);
    expect(added).toEqual(new Map([["docs/café.md", ["Deux cafés."]]]));
  });

  it("read as themselves in the miner's changes and patches", async () => {
    const reader = new GitReader(git.gitDir);
    const changes = await reader.changes(repo.head);
    expect(changes.find((c) => c.path === "docs/café.md")).toEqual({ path: "docs/café.md", status: "M", added: 1, deleted: 0, binary: false });
    expect(await reader.filePatch(repo.head, "docs/café.md")).toContain("+++ b/docs/café.md\n");
  });
});
