import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BaseSnapshot } from "@/lib/construction/arb-mining/base-snapshot";
import { mutatedMentions } from "@/lib/construction/arb-mining/failure-excerpt";
import { GitReader } from "@/lib/construction/arb-mining/git-reader";
import { mineTrace2Code, type TraceResult } from "@/lib/construction/arb-mining/mine-trace2code";
import { rerunTrace } from "@/lib/construction/arb-mining/rerun-trace";
import { runVitestInSandbox } from "@/lib/construction/arb-mining/vitest-sandbox";
import { getConfig } from "@/lib/config";
import { listSandboxContainers, sandboxOwnerTag } from "@/lib/sandbox";
import { makeFixtureRepo, type FixtureRepo } from "./git-fixture";

// trace2code on a small TypeScript project made on the fly, its vitest suite run in the sandbox
// (Docker, no network) with ExecBoard's own node_modules: a test that needs the network is not
// usable; a failure whose message changes from run to run does not reproduce and is left out;
// the kept samples fail the same way when their command is run again.
const NODE_MODULES = path.resolve("node_modules");
let repo: FixtureRepo;
let git: GitReader;
let base: BaseSnapshot;
let result: TraceResult;

beforeAll(async () => {
  repo = await makeFixtureRepo([
    {
      message: "A small numeric library",
      files: {
        "package.json": '{ "name": "numeric", "type": "module", "private": true }\n',
        "src/math.ts": "export function clamp(x: number, lo: number, hi: number): number {\n  if (x < lo) return lo;\n  if (x > hi) return hi;\n  return x;\n}\n\nexport function mean(xs: number[]): number {\n  let total = 0;\n  for (let i = 0; i < xs.length; i++) total += xs[i];\n  return total / xs.length;\n}\n",
        "src/format.ts": 'import { clamp } from "./math";\n\nexport function percent(x: number): string {\n  return `${Math.round(clamp(x, 0, 1) * 100)}%`;\n}\n',
        "src/seq.ts": "export const next = (n: number) => n + 1;\n",
        "src/net.ts": 'export const probe = () => fetch("http://127.0.0.1:9/");\n',
        "tests/math.test.ts": 'import { expect, test } from "vitest";\nimport { clamp, mean } from "../src/math";\n\ntest("clamp keeps values inside the bounds", () => {\n  expect(clamp(5, 0, 10)).toBe(5);\n  expect(clamp(-1, 0, 10)).toBe(0);\n  expect(clamp(11, 0, 10)).toBe(10);\n});\n\ntest("mean of a list", () => {\n  expect(mean([1, 2, 3, 6])).toBe(3);\n});\n',
        "tests/format.test.ts": 'import { expect, test } from "vitest";\nimport { percent } from "../src/format";\n\ntest("percent rounds and clamps", () => {\n  expect(percent(0.256)).toBe("26%");\n  expect(percent(2)).toBe("100%");\n});\n',
        "tests/seq.test.ts": 'import { expect, test } from "vitest";\nimport { next } from "../src/seq";\n\ntest("next counts up", () => {\n  expect(next(1), `run ${Math.random()}`).toBe(2);\n});\n',
        "tests/net.test.ts": 'import { expect, test } from "vitest";\nimport { probe } from "../src/net";\n\ntest("the probe answers", async () => {\n  expect((await probe()).ok).toBe(true);\n});\n',
      },
    },
  ]);
  git = new GitReader(`${repo.dir}/.git`);
  base = await BaseSnapshot.load(git, repo.head);
  result = await mineTrace2Code(git, base, "fixture/numeric", { target: 3, nodeModulesDir: NODE_MODULES, seed: "fixed seed" });
}, 600_000);

afterAll(() => repo?.cleanup());

describe("trace2code in the sandbox", () => {
  it("uses only the test files that pass at the base without the network", () => {
    expect(result.report.test_files_listed).toBe(4);
    expect(result.report.test_files_usable).toBe(3);
    expect(result.report.unusable).toEqual([{ file: "tests/net.test.ts", why: "1 test(s) fail at the base without services" }]);
    expect(result.report.source_files_reachable).toBe(3);
  });

  it("leaves out a failure that is not the same on a second run", () => {
    expect(result.notReproduced.length).toBeGreaterThan(0);
    expect(result.notReproduced.every((n) => n.source.startsWith("src/seq.ts:"))).toBe(true);
    expect(result.candidates.map((c) => c.mutation.file)).not.toContain("src/seq.ts");
    expect(result.report.trials.not_reproduced).toBe(result.notReproduced.length);
  });

  it("keeps mutants that break tests, with the mutated file as gold and the failing tests as support", () => {
    expect(result.candidates.map((c) => c.mutation.file).sort()).toEqual(["src/format.ts", "src/math.ts"]);
    for (const c of result.candidates) {
      const r = c.record;
      expect(r.task_type).toBe("trace2code");
      expect(r.gold.root_cause_files).toEqual([c.mutation.file]);
      expect(r.query.command).toBe(`npx vitest run ${r.gold.related_tests!.join(" ")}`);
      expect(r.gold.related_tests!.every((t) => ["tests/math.test.ts", "tests/format.test.ts"].includes(t))).toBe(true);
      const excerpt = r.query.failure_excerpt as string;
      expect(excerpt.startsWith(`$ ${r.query.command}\n`)).toBe(true);
      expect(excerpt).toMatch(/ FAIL {2}tests\/\w+\.test\.ts > /);
      expect(excerpt).toMatch(/ Test Files {2}\d+ failed/);
      for (const re of mutatedMentions(c.mutation.file)) expect(excerpt.match(re)).toBeNull();
      expect(excerpt).not.toMatch(/\/repo\/|node_modules/);
      expect(excerpt.includes("\u001b")).toBe(false);
    }
    expect(Object.values(result.report.kept_by_family).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it("redacts the mutated file's frames to [path]:[line] and keeps the function's name", () => {
    const math = result.candidates.find((c) => c.mutation.file === "src/math.ts")!;
    const excerpt = math.record.query.failure_excerpt as string;
    const frames = excerpt.split("\n").filter((l) => l.startsWith(" ❯ "));
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) expect(f).toMatch(/^ ❯ (\S+ )?(tests\/\w+\.test\.ts:\d+:\d+|src\/format\.ts:\d+:\d+|\[path\]:\[line\])$/);
  });

  it("fails the same way, byte for byte, when the query's command is run again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-trace-check-"));
    fs.chmodSync(dir, 0o755);
    try {
      await base.extract(git, path.join(dir, "snapshot"));
      fs.mkdirSync(path.join(dir, "snapshot", "node_modules"));
      for (const c of result.candidates) {
        const again = await rerunTrace({ record: c.record, snapshotDir: path.join(dir, "snapshot"), nodeModulesDir: NODE_MODULES, baseText: base.text(c.mutation.file)!, workDir: dir });
        expect(again).toEqual({ excerpt: c.record.query.failure_excerpt, failure: null });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it("stops the build, rather than counting a failed trial, when its container is stopped from outside", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-trace-stop-"));
    fs.chmodSync(dir, 0o755);
    try {
      fs.mkdirSync(path.join(dir, "tests"));
      fs.mkdirSync(path.join(dir, "node_modules"));
      fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "slow", "type": "module", "private": true }\n');
      fs.writeFileSync(path.join(dir, "tests/slow.test.ts"), 'import { test } from "vitest";\n\ntest("waits", () => new Promise((r) => setTimeout(r, 60_000)));\n');
      const running = runVitestInSandbox({ snapshotDir: dir, nodeModulesDir: NODE_MODULES, files: ["tests/slow.test.ts"], timeoutMs: 180_000, testTimeoutMs: 120_000 });
      running.catch(() => undefined);
      let id: string | undefined;
      for (let i = 0; i < 300 && !id; i++) {
        id = (await listSandboxContainers()).find((c) => c.owner === sandboxOwnerTag() && c.state === "running")?.id;
        if (!id) await new Promise((r) => setTimeout(r, 100));
      }
      expect(id).toBeDefined();
      await new Promise((r) => setTimeout(r, 2000)); // vitest is under way
      // What an engine shutting down does to its containers: SIGTERM, then SIGKILL.
      const stop = spawnSync("docker", ["stop", "-t", "2", id!], { env: { ...process.env, DOCKER_HOST: `unix://${getConfig().EXECBOARD_DOCKER_SOCKET}` }, encoding: "utf8" });
      expect(stop.status, stop.stderr).toBe(0);
      await expect(running).rejects.toThrow(/stopped from outside/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
