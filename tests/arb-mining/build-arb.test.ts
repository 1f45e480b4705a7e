import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildArb, compareBuildDir, writeBuildDir, type BuildArbResult } from "@/lib/construction/arb-mining/build-arb";
import { makeFixtureRepo, type FixtureRepo } from "./git-fixture";

// The whole build on repositories made on the fly (trace2code has its own test, in the
// sandbox): the released schema, the gates the build catches and reports, counterfactual
// controls from another repository, and a rebuild byte for byte.
const released = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  task_type: z.enum(["code2test", "edit2ripple", "trace2code", "abstention"]),
  repo: z.string().regex(/^[^/]+\/[^/]+$/),
  base_commit: z.string().regex(/^[0-9a-f]{40}$/),
  candidate_corpus: z.object({ type: z.literal("repo_at_base_commit"), base_commit: z.string() }),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  gold: z.object({
    files: z.array(z.string()).optional(),
    related_tests: z.array(z.string()).optional(),
    root_cause_files: z.array(z.string()).optional(),
    given_files: z.array(z.string()).optional(),
    supporting_files: z.array(z.string()).optional(),
    fix_commit: z.string().optional(),
    no_gold: z.boolean().optional(),
    reason: z.string().optional(),
  }).strict(),
  metadata: z.record(z.string(), z.unknown()),
  version: z.literal(1),
}).strict();

const meta = (repo: string) => ({ slug: "arb-fixture", name: "Fixture", version: "1", description: "made by a test", license: "test data", repo });
const ts = (name: string, body: string) => `export function ${name}(x: number): number {\n${body}\n}\n`;

let main: FixtureRepo, other: FixtureRepo;
let tmp: string;
let built: BuildArbResult;
let otherSamples: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-build-arb-"));
  other = await makeFixtureRepo([
    { message: "Start", files: { "pkg/clock.py": "x = 1\n" } },
    { message: "Clock skew is measured against the median of three servers", files: { "pkg/clock.py": "x = 2\n", "pkg/test_clock.py": "def test(): pass\n" } },
    { message: "Leap seconds are smeared over a day instead of repeated", files: { "pkg/clock.py": "x = 3\n", "pkg/test_clock.py": "def test(): assert True\n" } },
  ]);
  const o = await buildArb({ repoDir: other.dir, base: other.head, meta: meta("fixture/other") });
  otherSamples = path.join(tmp, "other-samples.jsonl");
  fs.writeFileSync(otherSamples, o.files["samples.jsonl"]);

  main = await makeFixtureRepo([
    { message: "Start", files: { "src/rate.ts": ts("rate", "  return x;"), "src/limit.ts": ts("limit", "  return x;"), "tests/rate.test.ts": "test('r', () => {});\n" } },
    { message: "Rates are capped at the configured ceiling before they are stored", files: { "src/rate.ts": ts("rate", "  return Math.min(x, 100);"), "tests/rate.test.ts": "test('r', () => expect(rate(500)).toBe(100));\n" } },
    // The same message and files again: the second code2test is a duplicate.
    { message: "Rates are capped at the configured ceiling before they are stored", files: { "src/rate.ts": ts("rate", "  return Math.min(x, 99);"), "tests/rate.test.ts": "test('r', () => expect(rate(500)).toBe(99));\n" } },
    // The anchor's hunk names the gold file's path: edit2ripple is caught by exact_gold_path.
    { message: "The limiter reads the same ceiling as the rate function does", files: { "src/rate.ts": ts("rate", "  // the ceiling lives beside src/limit.ts\n  return Math.min(x, 98);"), "src/limit.ts": ts("limit", "  return Math.min(x, 98);") } },
    // The message quotes a line the commit adds to a test: code2test is caught by fix_patch.
    { message: "Limits round down to whole requests\n\nThe test now reads: test('floor', () => expect(limit(2.5)).toBe(2));", files: { "src/limit.ts": ts("limit", "  return Math.floor(x);"), "tests/limit.test.ts": "test('floor', () => expect(limit(2.5)).toBe(2));\n" } },
  ]);
  built = await buildArb({ repoDir: main.dir, base: main.head, meta: meta("fixture/main"), counterfactualFrom: [otherSamples], counterfactualTarget: 3 });
});

afterAll(() => {
  main?.cleanup();
  other?.cleanup();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("build-arb", () => {
  it("writes samples in the released schema, each task with its roles", () => {
    const rows = built.files["samples.jsonl"].trim().split("\n").map((l) => released.parse(JSON.parse(l)));
    expect(rows.length).toBe(built.report.totals.samples);
    for (const r of rows) {
      expect(r.base_commit).toBe(main.head);
      if (r.task_type === "code2test") expect(r.gold.related_tests?.length).toBeGreaterThan(0);
      if (r.task_type === "edit2ripple") expect(r.gold.files?.length).toBeGreaterThan(0);
      if (r.task_type === "abstention") expect(r.gold).toEqual({ files: [], no_gold: true, reason: "counterfactual_wrong_repo" });
    }
    expect(built.report.totals.by_task).toEqual({ code2test: 1, edit2ripple: 2, trace2code: 0, nogold_counterfactual: 3 });
    const meta = JSON.parse(built.files["benchmark.json"]);
    expect(meta).toMatchObject({ slug: "arb-fixture", kind: "repo_retrieval", repository: { name: "fixture/main", base_commit: main.head }, samples: 6 });
  });

  it("leaves out what the gates catch and says so in the report", () => {
    const caught = Object.fromEntries(built.report.gates.map((g) => [g.gate, g.samples.map((s) => `${s.task} ${s.source.slice(0, 7)}`)]));
    expect(caught.duplicate).toEqual([`code2test ${main.shas[2].slice(0, 7)}`]);
    expect(caught.exact_gold_path).toEqual([`edit2ripple ${main.shas[3].slice(0, 7)}`]);
    expect(caught.fix_patch).toEqual([`code2test ${main.shas[4].slice(0, 7)}`, `edit2ripple ${main.shas[4].slice(0, 7)}`]);
    expect(built.report.gates.find((g) => g.gate === "exact_gold_path")!.samples[0].detail).toBe("src/limit.ts");
    expect(built.files["build-report.md"]).toMatch(/\| exact_gold_path \| a gold file's path appears in the query \| 1 \|/);
  });

  it("asks another repository's queries of this corpus as counterfactual controls", () => {
    const controls = built.samples.filter((s) => s.task_type === "abstention");
    const otherRows = fs.readFileSync(otherSamples, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    for (const c of controls) {
      const source = otherRows.find((o) => o.id === (c.metadata.source_sample as { id: string }).id);
      expect(source.repo).toBe("fixture/other");
      expect(c.query).toEqual(source.query);
      expect(c.repo).toBe("fixture/main");
    }
    expect(built.report.counterfactual_sources).toEqual(["fixture/other"]);
  });

  it("refuses counterfactual samples of the repository itself", async () => {
    const own = path.join(tmp, "own.jsonl");
    fs.writeFileSync(own, built.files["samples.jsonl"]);
    await expect(buildArb({ repoDir: main.dir, base: main.head, meta: meta("fixture/main"), counterfactualFrom: [own], counterfactualTarget: 2 })).rejects.toThrow(/must come from another repository/);
  });

  it("refuses a base that is not a commit, naming it", async () => {
    await expect(buildArb({ repoDir: main.dir, base: "no-such-branch", meta: meta("fixture/main") })).rejects.toThrow(/no-such-branch is not a commit/);
  });

  it("rebuilds byte for byte, and the check names what differs", async () => {
    const again = await buildArb({ repoDir: main.dir, base: main.head, meta: meta("fixture/main"), counterfactualFrom: [otherSamples], counterfactualTarget: 3 });
    expect(again.files).toEqual(built.files);
    const dir = path.join(tmp, "out");
    writeBuildDir(dir, built.files);
    expect(compareBuildDir(dir, again.files)).toEqual([]);
    fs.appendFileSync(path.join(dir, "samples.jsonl"), "\n");
    expect(compareBuildDir(dir, again.files)).toEqual(["samples.jsonl"]);
    const otherBase = await buildArb({ repoDir: main.dir, base: main.shas[3], meta: meta("fixture/main") });
    expect(otherBase.files["samples.jsonl"]).not.toBe(built.files["samples.jsonl"]);
  });

  it("runs from the command line: writes, checks identical, and names a file that differs", () => {
    const out = path.join(tmp, "cli-out");
    const cli = (...args: string[]) => spawnSync(process.execPath, ["bin/execboard.mjs", "benchmark", "build-arb", main.dir, "--base", main.head, "--repo", "fixture/main", "--no-trace", ...args], { encoding: "utf8" });
    const written = cli("--out", out);
    expect(written.status).toBe(0);
    expect(written.stdout).toMatch(/arb-main 1: 3 samples \(1 code2test, 2 edit2ripple, 0 trace2code, 0 counterfactual\)/);
    expect(fs.readdirSync(out).sort()).toEqual(["benchmark.json", "build-report.json", "build-report.md", "samples.jsonl"]);
    expect(cli("--check", out).stdout).toMatch(/identical, byte for byte/);
    fs.writeFileSync(path.join(out, "build-report.md"), "edited\n");
    const checked = cli("--check", out);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toMatch(/build-report.md differ/);
    const bad = spawnSync(process.execPath, ["bin/execboard.mjs", "benchmark", "build-arb", main.dir, "--out", out], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: execboard benchmark build-arb/);
  }, 120_000);
});
