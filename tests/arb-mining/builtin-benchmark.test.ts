import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BaseSnapshot } from "@/lib/construction/arb-mining/base-snapshot";
import { buildArb } from "@/lib/construction/arb-mining/build-arb";
import { readSelfBuild, SELF_SOURCE_DIR, type SelfBuild } from "@/lib/construction/arb-mining/build-self";
import { BUILTIN_DIR, prepareBuiltInArb } from "@/lib/construction/arb-mining/builtin";
import { makeCompanionRepo } from "@/lib/construction/arb-mining/companion-repo";
import { sampleGateFailures } from "@/lib/construction/arb-mining/gates";
import { GitReader, resolveGitDir } from "@/lib/construction/arb-mining/git-reader";
import { canonicalJson, goldOf, minedTaskOf, type SampleRecord } from "@/lib/construction/arb-mining/records";
import { pathUniverse } from "@/lib/construction/arb-mining/redact";
import { rerunTrace } from "@/lib/construction/arb-mining/rerun-trace";
import { makeFixtureRepo } from "./git-fixture";

// The committed built-in benchmark (benchmarks/arb-self) against this repository: what the
// import will be handed, its size and roles, gold at the pinned commit, and its samples as the
// miners make them again. The full rebuild (traces included) is `execboard benchmark
// build-arb-self --check`; here the history samples are rebuilt whole and two traces re-run.
const ROOT = process.cwd();
const read = (file: string): SampleRecord[] => fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
let spec: SelfBuild;
let samples: SampleRecord[];
let companion: SampleRecord[];
let base: BaseSnapshot;
let git: GitReader;

beforeAll(async () => {
  spec = readSelfBuild(path.join(ROOT, SELF_SOURCE_DIR));
  samples = read(path.join(ROOT, BUILTIN_DIR, "samples.jsonl"));
  companion = read(path.join(ROOT, BUILTIN_DIR, "companion", "samples.jsonl"));
  git = new GitReader(resolveGitDir(ROOT));
  base = await BaseSnapshot.load(git, spec.base_commit);
});

describe("the built-in repository benchmark", () => {
  it("holds at least 150 samples over code2test, edit2ripple, trace2code and counterfactual controls", () => {
    const byTask = (t: string) => samples.filter((s) => minedTaskOf(s) === t).length;
    expect(samples.length).toBeGreaterThanOrEqual(150);
    for (const t of ["code2test", "edit2ripple", "trace2code", "nogold_counterfactual"]) expect(byTask(t)).toBeGreaterThan(0);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
    for (const s of samples) expect([s.repo, s.base_commit]).toEqual([spec.benchmark.repo, spec.base_commit]);
    const meta = JSON.parse(fs.readFileSync(path.join(ROOT, BUILTIN_DIR, "benchmark.json"), "utf8"));
    expect(meta).toMatchObject({ slug: spec.benchmark.slug, version: spec.benchmark.version, repository: { name: spec.benchmark.repo, base_commit: spec.base_commit }, samples: samples.length });
  });

  it("names only text files of the pinned commit, and its traces pass every gate again", () => {
    for (const s of samples) {
      for (const f of [...goldOf(s), ...(s.gold.given_files ?? []), ...(s.gold.supporting_files ?? []), ...(s.gold.related_tests ?? [])]) expect(base.has(f), `${s.id}: ${f}`).toBe(true);
    }
    const universe = pathUniverse(base.files.keys());
    for (const s of samples.filter((x) => x.task_type === "trace2code")) {
      const m = s.metadata.mutation as { file: string; start: number; end: number; replacement: string };
      const text = base.text(m.file)!;
      const mutant = text.slice(0, m.start) + m.replacement + text.slice(m.end);
      const lineOf = (t: string) => t.slice(t.lastIndexOf("\n", m.start - 1) + 1, t.indexOf("\n", m.start) < 0 ? t.length : t.indexOf("\n", m.start));
      const failures = sampleGateFailures({ record: s, baseFiles: new Set(base.files.keys()), baseText: (f) => base.text(f), universe, mutation: { file: m.file, originalLine: lineOf(text), mutatedLine: lineOf(mutant) } });
      expect(failures, s.id).toEqual([]);
    }
  });

  it("has the history samples the miners make at the pinned commit, byte for byte", async () => {
    const again = await buildArb({ repoDir: ROOT, base: spec.base_commit, meta: spec.benchmark });
    const history = (rows: SampleRecord[]) => rows.filter((s) => s.task_type === "code2test" || s.task_type === "edit2ripple").map(canonicalJson);
    expect(history(again.samples)).toEqual(history(samples));
  }, 300_000);

  it("asks the companion repository's queries as its counterfactual controls, and the companion rebuilds", async () => {
    const controls = samples.filter((s) => s.task_type === "abstention");
    for (const c of controls) {
      const source = companion.find((o) => o.id === (c.metadata.source_sample as { id: string }).id)!;
      expect(source.repo).toBe(spec.companion.repo);
      expect(c.query).toEqual(source.query);
    }
    const repo = await makeCompanionRepo(path.join(ROOT, SELF_SOURCE_DIR, "companion"));
    try {
      const { trace2code: _t, ...meta } = spec.companion;
      const again = await buildArb({ repoDir: repo.gitDir, base: repo.head, meta });
      const history = (rows: SampleRecord[]) => rows.filter((s) => s.task_type !== "trace2code").map(canonicalJson);
      expect(history(again.samples)).toEqual(history(companion));
    } finally {
      repo.cleanup();
    }
  }, 120_000);

  it("reproduces its first two traces in the sandbox", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-builtin-trace-"));
    fs.chmodSync(dir, 0o755);
    try {
      await base.extract(git, path.join(dir, "snapshot"));
      fs.mkdirSync(path.join(dir, "snapshot", "node_modules"));
      for (const s of samples.filter((x) => x.task_type === "trace2code").slice(0, 2)) {
        const file = (s.metadata.mutation as { file: string }).file;
        const again = await rerunTrace({ record: s, snapshotDir: path.join(dir, "snapshot"), nodeModulesDir: path.join(ROOT, "node_modules"), baseText: base.text(file)!, workDir: dir });
        expect(again).toEqual({ excerpt: s.query.failure_excerpt, failure: null });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it("gives the import a --repos directory that finds this repository at the pinned commit", async () => {
    const b = await prepareBuiltInArb(ROOT);
    try {
      expect(b.samplesPath).toBe(path.join(ROOT, BUILTIN_DIR, "samples.jsonl"));
      expect(fs.readdirSync(b.reposDir)).toEqual(["execboard+execboard.git"]);
      const linked = new GitReader(path.join(b.reposDir, "execboard+execboard.git"));
      expect(await linked.resolveCommit(spec.base_commit)).toBe(spec.base_commit);
    } finally {
      b.cleanup();
    }
    expect(fs.existsSync(b.reposDir)).toBe(false);
  });

  it("refuses, saying what to do, an installation that is not a clone or lacks the pinned commit", async () => {
    const repo = await makeFixtureRepo([{ message: "Start", files: { "a.txt": "a\n" } }]);
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-not-a-clone-"));
    try {
      for (const root of [repo.dir, bare]) {
        fs.mkdirSync(path.join(root, SELF_SOURCE_DIR), { recursive: true });
        fs.mkdirSync(path.join(root, BUILTIN_DIR), { recursive: true });
        fs.copyFileSync(path.join(ROOT, SELF_SOURCE_DIR, "build.json"), path.join(root, SELF_SOURCE_DIR, "build.json"));
        fs.writeFileSync(path.join(root, BUILTIN_DIR, "samples.jsonl"), "");
      }
      await expect(prepareBuiltInArb(repo.dir)).rejects.toThrow(/which this clone lacks \(a shallow clone\?\); run git fetch --unshallow/);
      await expect(prepareBuiltInArb(bare)).rejects.toThrow(/is not a git clone/);
    } finally {
      repo.cleanup();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
