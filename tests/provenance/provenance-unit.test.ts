import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { toEvaluationView, type EvaluationRow } from "@/lib/submissions/evaluation-view";
import { readGitCommit } from "@/lib/provenance/execboard-version";
import { describeError } from "@/lib/provenance/run-log";
import { describeWorker } from "@/lib/provenance/worker-provenance";

describe("readGitCommit", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-git-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } }).trim();

  it("reads HEAD through a loose ref, packed-refs and a detached HEAD; null without .git", () => {
    expect(readGitCommit(dir)).toBeNull();
    git("init", "-q");
    expect(readGitCommit(dir)).toBeNull(); // no commit yet
    fs.writeFileSync(path.join(dir, "a"), "a");
    git("add", "a");
    git("commit", "-qm", "one");
    const head = git("rev-parse", "HEAD");
    expect(readGitCommit(dir)).toBe(head);
    git("pack-refs", "--all");
    expect(fs.existsSync(path.join(dir, ".git", "refs", "heads", git("branch", "--show-current")))).toBe(false);
    expect(readGitCommit(dir)).toBe(head);
    git("checkout", "-q", "--detach");
    expect(readGitCommit(dir)).toBe(head);
  });

  it("reads a linked worktree's commit: its .git file names its git directory, the refs are in the common one", () => {
    const branch = git("branch", "--show-current") || "main";
    git("checkout", "-q", "-B", branch);
    git("pack-refs", "--all");
    const head = git("rev-parse", "HEAD");
    // The layout `git worktree add` makes, written by hand.
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-linked-"));
    const linked = path.join(dir, ".git", "worktrees", "linked");
    try {
      fs.mkdirSync(linked, { recursive: true });
      fs.writeFileSync(path.join(linked, "commondir"), "../..\n");
      fs.writeFileSync(path.join(linked, "HEAD"), `ref: refs/heads/${branch}\n`);
      fs.writeFileSync(path.join(checkout, ".git"), `gitdir: ${linked}\n`);
      expect(readGitCommit(checkout)).toBe(head); // packed in the common directory
      git("update-ref", `refs/heads/${branch}`, head);
      expect(readGitCommit(checkout)).toBe(head); // a loose ref in the common directory
      fs.writeFileSync(path.join(linked, "HEAD"), `${head}\n`);
      expect(readGitCommit(checkout)).toBe(head); // detached
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
      fs.rmSync(linked, { recursive: true, force: true });
    }
  });
});

describe("describeError", () => {
  it("gives a vendor's error its message and details, without a stack", () => {
    const text = describeError(new AppError("INVALID_UPLOAD", "query_ids does not match", { missing: ["q1"] }));
    expect(text).toBe('AppError: query_ids does not match\ndetails: {"missing":["q1"]}');
  });

  it("gives the platform's failures their stack and causes, like stderr", () => {
    const e = new Error("connect ECONNREFUSED 127.0.0.1:5432", { cause: new Error("socket closed") });
    const text = describeError(e);
    expect(text.split("\n")[0]).toBe("Error: connect ECONNREFUSED 127.0.0.1:5432");
    expect(text).toMatch(/\n\s+at .*provenance-unit\.test\.ts/);
    expect(text).toMatch(/caused by Error: socket closed$/);
    expect(describeError("plain")).toBe("plain");
  });
});

describe("evaluation views", () => {
  const row: EvaluationRow = {
    id: "e1", seq: 1, trigger: "submission", status: "running", rescoreBatchId: null, benchmarkVersion: "1.0.0", benchmarkSha256: "ab",
    runnerVersion: "2", scoringEngine: null, sandboxBackend: "docker", sandboxImage: "sha256:00", execboardVersion: "0.1.0", execboardCommit: null, worker: "h:1",
    attempts: 1, failedStage: null, error: null, createdAt: new Date(0), startedAt: new Date(0), finishedAt: null,
  };

  it("shows a run the platform gave up on outside its job (the reaper) as failed, with the submission's reason", () => {
    const v = toEvaluationView(row, { currentEvaluationId: null, status: "failed", error: "the platform gave up: still executing 360 minutes after submission" }, []);
    expect(v).toMatchObject({ status: "failed", current: false, failure: { stage: null, error: "the platform gave up: still executing 360 minutes after submission" }, metrics: null });
    expect(toEvaluationView(row, { currentEvaluationId: null, status: "executing", error: null }, []).status).toBe("running");
  });

  it("marks the current run and carries its metrics and provenance", () => {
    const v = toEvaluationView({ ...row, status: "scored" }, { currentEvaluationId: "e1", status: "published", error: null }, [{ name: "exec", k: 1, value: 0.5, ciLow: 0.4, ciHigh: 0.6 }]);
    expect(v.current).toBe(true);
    expect(v.failure).toBeNull();
    expect(v.metrics?.exec["1"]).toEqual({ value: 0.5, ci95: [0.4, 0.6] });
    expect(v.provenance).toEqual({ benchmarkVersion: "1.0.0", benchmarkSha256: "ab", runnerVersion: "2", scoringEngine: null, sandboxBackend: "docker", sandboxImage: "sha256:00", execboardVersion: "0.1.0", execboardCommit: null });
  });

  it("names the worker, its sandbox image, runner and build in one log line", () => {
    const line = describeWorker({ runnerVersion: "2", sandboxBackend: "docker", sandboxImage: "sha256:abc", execboardVersion: "0.1.0", execboardCommit: "0123456789abcdef0123", worker: "host:42" });
    expect(line).toBe("host:42: sandbox docker sha256:abc, runner 2, ExecBoard 0.1.0 (0123456789ab)");
  });
});
