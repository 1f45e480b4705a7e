// `execboard benchmark build-arb <git repository> --base <commit> --out <dir>`: a repository-
// retrieval benchmark mined from a repository's own history and from mutations at its base
// commit, deterministically. Every sample is evaluated against the repository frozen at the one
// base commit (one corpus snapshot): history supplies the workflow signals (commits reachable
// from the base), the base supplies the files. In order:
// 1. the base snapshot and the signal commits (history.ts);
// 2. code2test and edit2ripple per commit, oldest first (mine-code2test.ts, mine-edit2ripple.ts);
// 3. trace2code by mutation in the sandbox (mine-trace2code.ts), unless turned off;
// 4. counterfactual controls from another repository's samples (counterfactual.ts);
// 5. the gates (gates.ts), duplicates last, in that same order;
// 6. the directory: benchmark.json, samples.jsonl (released schema, canonical JSON), and the
//    build report (build-report.json, build-report.md), which holds no time or machine detail
//    but the tool versions the traces depend on, so a rebuild is byte-identical.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { BaseSnapshot } from "./base-snapshot";
import { arbIdentitySchema } from "./benchmark-identity";
import { buildReport, renderBuildReport, type BuildReport, type TaskTally } from "./build-report";
import { mineCounterfactuals, readOtherSamples } from "./counterfactual";
import { duplicateKeys, sampleGateFailures, type GateFailure, type GateInput } from "./gates";
import { GitReader, resolveGitDir } from "./git-reader";
import { scanHistory, type HistoryScan } from "./history";
import { readAliases } from "./import-graph";
import { mineCode2Test, type MinedCandidate } from "./mine-code2test";
import { mineEdit2Ripple } from "./mine-edit2ripple";
import { mineTrace2Code, type TraceReport } from "./mine-trace2code";
import { canonicalJson, minedTaskOf, prettyJson, type MinedTask, type SampleRecord } from "./records";
import { newCounts, pathUniverse, type RedactionCounts } from "./redact";

export const MINER_VERSION = 1;

/** The release's tasks a git history cannot supply, and why (benchmark.json and the report say so). */
export const NOT_MINED = {
  comment2context: "needs review comments on a diff, which a git history does not hold",
  nogold_natural: "needs issue threads whose resolution lies outside the repository, which a git history does not hold",
} as const;

/** The benchmark's identity and the repository (owner/name) its samples name. */
export const buildArbMetaSchema = arbIdentitySchema.extend({
  repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/, "must be owner/name"),
});
export type BuildArbMeta = z.infer<typeof buildArbMetaSchema>;

export interface BuildArbOptions {
  repoDir: string;
  base: string;
  meta: BuildArbMeta;
  /** Samples files (released schema) of other repositories, for counterfactual controls. */
  counterfactualFrom?: string[];
  counterfactualTarget?: number;
  /** trace2code in the sandbox; null leaves the task out. */
  trace?: { target: number; nodeModulesDir: string } | null;
  /** Fixes every choice the build makes by hash; defaults to the base commit. */
  seed?: string;
  /** Versions of the tools a trace depends on (the report records them). */
  toolVersions?: Record<string, string>;
  onProgress?: (message: string) => void;
}

export interface BuildArbResult {
  report: BuildReport;
  samples: SampleRecord[];
  files: Record<string, string>;
}

interface Pending {
  candidate: MinedCandidate;
  input: GateInput;
}

type Caught = { task: MinedTask; source: string; failures: GateFailure[] };
type Tally = Record<MinedTask, TaskTally>;
type BaseInput = Pick<GateInput, "baseFiles" | "baseText">;

/** code2test, then edit2ripple candidates of every signal commit, oldest first. */
async function mineHistory(git: GitReader, snapshot: BaseSnapshot, scan: HistoryScan, repo: string, baseInput: BaseInput, skip: (task: MinedTask, why: string) => void): Promise<Pending[]> {
  const code2test: Pending[] = [], edit2ripple: Pending[] = [];
  for (const c of scan.commits) {
    const commitFiles = new Set((await git.tree(c.sha)).map((e) => e.path));
    const universe = pathUniverse([...baseInput.baseFiles, ...commitFiles, ...c.changes.map((x) => x.path)]);
    const patch = {
      added: new Map([...c.patches].map(([f, p]) => [f, p.added])),
      removed: new Map([...c.patches].map(([f, p]) => [f, p.removed])),
    };
    const c2t = mineCode2Test(c, snapshot, repo, universe);
    if (typeof c2t === "string") skip("code2test", c2t);
    else code2test.push({ candidate: c2t, input: { record: c2t.record, universe, patch, ...baseInput } });
    const texts = new Map<string, Promise<string | null>>();
    const textAt = (f: string) => {
      if (!texts.has(f)) texts.set(f, git.fileAt(c.sha, f));
      return texts.get(f)!;
    };
    const e2r = await mineEdit2Ripple(c, snapshot, repo, universe, { textAt, commitFiles, aliases: readAliases(await textAt("tsconfig.json")) });
    if (typeof e2r === "string") skip("edit2ripple", e2r);
    else for (const e of e2r) edit2ripple.push({ candidate: e, input: { record: e.record, universe, patch: { ...patch, anchorPatch: c.patches.get(e.record.query.anchor_file as string)!.body }, ...baseInput } });
  }
  return [...code2test, ...edit2ripple];
}

/** Every candidate through the gates, then the duplicate check, in the order they were mined. */
function applyGates(pending: readonly Pending[], tally: Tally, caught: Caught[]): { kept: SampleRecord[]; redaction: RedactionCounts; redactedSamples: number } {
  const kept: SampleRecord[] = [];
  const seen = new Map<string, string>();
  const redaction: RedactionCounts = newCounts();
  let redactedSamples = 0;
  for (const p of pending) {
    const task = minedTaskOf(p.candidate.record);
    tally[task].candidates++;
    const failures = sampleGateFailures(p.input);
    const dupKeys = duplicateKeys(p.candidate.record, p.candidate.commit?.sha ?? p.candidate.source);
    const dupOf = dupKeys.map((k) => seen.get(k)).find((x) => x !== undefined);
    if (dupOf) failures.push({ gate: "duplicate", detail: `same as ${dupOf}` });
    if (failures.length) {
      caught.push({ task, source: p.candidate.source, failures });
      continue;
    }
    for (const k of dupKeys) seen.set(k, p.candidate.record.id);
    kept.push(p.candidate.record);
    const r = p.candidate.redaction;
    if (r) {
      for (const k of Object.keys(redaction) as (keyof RedactionCounts)[]) redaction[k] += r[k];
      if (Object.values(r).some((n) => n > 0)) redactedSamples++;
    }
  }
  const ids = new Set<string>();
  for (const s of kept) {
    if (ids.has(s.id)) throw new AppError("INTERNAL", `two samples share the id ${s.id}`);
    ids.add(s.id);
  }
  return { kept, redaction, redactedSamples };
}

function benchmarkJson(meta: BuildArbMeta, base: string, kept: readonly SampleRecord[], report: BuildReport): string {
  return prettyJson({
    slug: meta.slug,
    name: meta.name,
    version: meta.version,
    description: meta.description,
    license: meta.license,
    kind: "repo_retrieval",
    repository: { name: meta.repo, base_commit: base },
    built_by: { command: "execboard benchmark build-arb", miner_version: MINER_VERSION },
    samples: kept.length,
    tasks: report.totals.by_task,
    not_mined: NOT_MINED,
  });
}

export async function buildArb(opts: BuildArbOptions): Promise<BuildArbResult> {
  const say = opts.onProgress ?? (() => undefined);
  const meta = buildArbMetaSchema.parse(opts.meta);
  const git = new GitReader(resolveGitDir(opts.repoDir));
  const base = await git.resolveCommit(opts.base);
  const seed = opts.seed ?? base;
  const snapshot = await BaseSnapshot.load(git, base);
  say(`base ${base.slice(0, 12)}: ${snapshot.files.size} corpus files`);
  const baseInput: BaseInput = { baseFiles: new Set(snapshot.files.keys()), baseText: (f: string) => snapshot.text(f) };
  const scan = await scanHistory(git, base);
  say(`history: ${scan.reachable} commits reachable, ${scan.commits.length} signal commits`);

  const tally: Tally = {
    code2test: { candidates: 0, skipped: {} },
    edit2ripple: { candidates: 0, skipped: {} },
    trace2code: { candidates: 0, skipped: {} },
    nogold_counterfactual: { candidates: 0, skipped: {} },
  };
  const skip = (task: MinedTask, why: string) => (tally[task].skipped[why] = (tally[task].skipped[why] ?? 0) + 1);
  const pending = await mineHistory(git, snapshot, scan, meta.repo, baseInput, skip);
  say(`history: ${pending.length} code2test and edit2ripple candidates`);
  const atBase = pathUniverse(baseInput.baseFiles);

  let trace: TraceReport | null = null;
  const caught: Caught[] = [];
  if (opts.trace && opts.trace.target > 0) {
    const t = await mineTrace2Code(git, snapshot, meta.repo, { target: opts.trace.target, nodeModulesDir: opts.trace.nodeModulesDir, seed, onProgress: say });
    trace = t.report;
    for (const n of t.notReproduced) caught.push({ task: "trace2code", source: n.source, failures: [{ gate: "trace_reproduces", detail: n.detail }] });
    tally.trace2code.candidates += t.notReproduced.length;
    for (const c of t.candidates) {
      pending.push({ candidate: c, input: { record: c.record, universe: atBase, mutation: { file: c.mutation.file, originalLine: c.mutation.originalLine, mutatedLine: c.mutation.mutatedLine }, ...baseInput } });
    }
  }

  const sources = opts.counterfactualFrom ?? [];
  const otherRepos = new Set<string>();
  if (sources.length && (opts.counterfactualTarget ?? 0) > 0) {
    const others = sources.flatMap((f) => readOtherSamples(path.resolve(f)));
    for (const o of others) otherRepos.add(o.repo);
    for (const c of mineCounterfactuals(others, meta.repo, base, opts.counterfactualTarget!, seed)) pending.push({ candidate: c, input: { record: c.record, universe: atBase, ...baseInput } });
  }

  const { kept, redaction, redactedSamples } = applyGates(pending, tally, caught);
  const report = buildReport({ meta, base, minerVersion: MINER_VERSION, seed, toolVersions: opts.toolVersions ?? {}, scan, tally, caught, kept, trace, redaction, redactedSamples, counterfactualSources: [...otherRepos].sort(), corpusFiles: snapshot.files.size });
  const files: Record<string, string> = {
    "benchmark.json": benchmarkJson(meta, base, kept, report),
    "samples.jsonl": kept.map(canonicalJson).join("\n") + (kept.length ? "\n" : ""),
    "build-report.json": prettyJson(report),
    "build-report.md": renderBuildReport(report),
  };
  return { report, samples: kept, files };
}

/** Writes the build's files into `dir` (created if missing), each whole or not at all. */
export function writeBuildDir(dir: string, files: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(dir, name);
    const tmp = `${target}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, target);
  }
}

/** Which of the build's files differ from those in `dir` (missing ones included). */
export function compareBuildDir(dir: string, files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([name, text]) => {
      const target = path.join(dir, name);
      return !fs.existsSync(target) || fs.readFileSync(target, "utf8") !== text;
    })
    .map(([name]) => name);
}
