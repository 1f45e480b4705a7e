// trace2code from mutations at the base commit. The project's own test runner (vitest, its own
// config) runs in the sandbox on an extracted snapshot (vitest-sandbox.ts):
// 1. list the test files the project's config selects, run them all once at the base; the
//    usable ones pass every test they run (at least one) with no network and no services;
// 2. candidate sources are the base's source files that a usable test reaches through imports
//    (import-graph.ts) and that hold a mutation site (ts-mutations.ts), in an order fixed by a
//    hash of the seed and the path;
// 3. per candidate, up to ATTEMPTS_PER_FILE sites are tried (attemptOrder): the families in
//    turn, starting with one fixed by a hash of the file's path (preferredFamily), plausible
//    before awkward, by hash, at most one per line. The
//    mutant is mounted over the file and the usable tests
//    that reach it run (the nearest MAX_TESTS_PER_RUN by import distance). A mutant is kept
//    when tests that passed at the base fail by an assertion or an error (a timeout or a run
//    past its limit is never kept: it would not reproduce on a slower machine);
// 4. the kept failure is run again with exactly the query's command (the failing files only);
//    the excerpt of that run must equal the first one byte for byte (gate trace_reproduces).
// At most one sample per source file. The query is the command and the excerpt with the
// mutated file's path and lines redacted (failure-excerpt.ts); gold is the mutated file; the
// failing test files are supporting context (gold.related_tests, as the release has them).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import { BUG_TYPES, type BugType } from "../bug-types";
import type { BaseSnapshot } from "./base-snapshot";
import { failureExcerpt } from "./failure-excerpt";
import type { GitReader } from "./git-reader";
import { ImportGraph, isScript, readAliases } from "./import-graph";
import type { MinedCandidate } from "./mine-code2test";
import { pathKind } from "./path-kinds";
import { record, sampleId, type SampleRecord } from "./records";
import { applyMutation, findTsMutations, type TsMutation } from "./ts-mutations";
import { sweepSandboxContainers } from "@/lib/sandbox";
import { runVitestInSandbox, type VitestFileResult } from "./vitest-sandbox";

export const ATTEMPTS_PER_FILE = 4;
export const MAX_TESTS_PER_RUN = 6;
export const RUN_TIMEOUT_MS = 240_000;
export const BASE_RUN_TIMEOUT_MS = 1_800_000;
// Far above any test's time at the base (ExecBoard's slowest takes about 3 s on a busy machine),
// so that only a mutant that never ends times out, on any machine: a rebuild chooses alike.
export const TEST_TIMEOUT_MS = 60_000;

export interface TraceOptions {
  /** How many trace2code samples to make (fewer when the candidates run out). */
  target: number;
  nodeModulesDir: string;
  seed: string;
  onProgress?: (message: string) => void;
}

export type TrialOutcome = "kept" | "survived" | "timeout" | "run_failed" | "not_reproduced";

export interface TraceReport {
  runner: "vitest";
  test_files_listed: number;
  test_files_usable: number;
  unusable: { file: string; why: string }[];
  source_files_reachable: number;
  source_files_tried: number;
  trials: Record<TrialOutcome, number>;
  kept_by_family: Record<BugType, number>;
}

export interface TraceCandidate extends MinedCandidate {
  mutation: TsMutation & { file: string; originalLine: string; mutatedLine: string };
}

const hash = (...parts: string[]) => crypto.createHash("sha256").update(parts.join("\0")).digest("hex");

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return text.slice(start, end < 0 ? text.length : end);
}

function testCommand(files: readonly string[]): string {
  return `npx vitest run ${files.join(" ")}`;
}

/** Test files whose every test that ran passed (at least one). */
function usableAtBase(results: VitestFileResult[]): { usable: Map<string, Set<string>>; unusable: { file: string; why: string }[] } {
  const usable = new Map<string, Set<string>>();
  const unusable: { file: string; why: string }[] = [];
  for (const f of results) {
    const failed = f.tests.filter((t) => t.state === "failed");
    const passed = f.tests.filter((t) => t.state === "passed");
    if (f.errors.length) unusable.push({ file: f.file, why: `does not load without services: ${f.errors[0].message.split("\n")[0].slice(0, 120)}` });
    else if (failed.length) unusable.push({ file: f.file, why: `${failed.length} test(s) fail at the base without services` });
    else if (!passed.length) unusable.push({ file: f.file, why: "no test ran" });
    else usable.set(f.file, new Set(passed.map((t) => t.name)));
  }
  return { usable, unusable };
}

/** The files whose tests broke: passed at the base, failed now (or the file stopped loading). */
function broken(results: VitestFileResult[], usable: Map<string, Set<string>>): VitestFileResult[] {
  return results.filter((f) => f.errors.length > 0 || f.tests.some((t) => t.state === "failed" && usable.get(f.file)?.has(t.name)));
}

/**
 * The family a file's first attempt takes: fixed by a hash of the seed and the path, so the
 * families share the samples evenly and one file's outcome never changes another file's choice
 * (a mix kept by a running count would carry any difference through the rest of the build).
 */
export function preferredFamily(seed: string, file: string): BugType {
  return BUG_TYPES[parseInt(hash(seed, "family", file).slice(0, 8), 16) % BUG_TYPES.length];
}

/**
 * The sites to try in a file, at most ATTEMPTS_PER_FILE: the families in turn starting with the
 * preferred one, each family's plausible sites before its awkward ones and in
 * hash order, never two on one line (a line a test does not reach survives every mutant).
 */
export function attemptOrder(sites: readonly TsMutation[], prefer: BugType, key: (m: TsMutation) => string): TsMutation[] {
  const families = [...BUG_TYPES.slice(BUG_TYPES.indexOf(prefer)), ...BUG_TYPES.slice(0, BUG_TYPES.indexOf(prefer))];
  const queues = families.map((f) =>
    sites.filter((m) => m.bug_type === f).sort((a, b) => Number(!!a.detail.awkward) - Number(!!b.detail.awkward) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  );
  const out: TsMutation[] = [];
  const lines = new Set<number>();
  while (out.length < ATTEMPTS_PER_FILE && queues.some((q) => q.length)) {
    for (const q of queues) {
      while (q.length && lines.has(q[0].line)) q.shift();
      const next = q.shift();
      if (!next) continue;
      out.push(next);
      lines.add(next.line);
      if (out.length === ATTEMPTS_PER_FILE) break;
    }
  }
  return out;
}

const TIMEOUT_RE = /Test timed out in \d+ ?ms|Hook timed out in \d+ ?ms/;

function hasTimeout(results: VitestFileResult[]): boolean {
  return results.some((f) => [...f.errors, ...f.tests.flatMap((t) => t.errors)].some((e) => TIMEOUT_RE.test(e.message)));
}

export interface TraceResult {
  candidates: TraceCandidate[];
  /** Failures that were not the same on the second run (gate trace_reproduces). */
  notReproduced: { source: string; detail: string }[];
  report: TraceReport;
}

type Run = (files: string[], overlay?: { path: string; hostFile: string }, timeoutMs?: number) => ReturnType<typeof runVitestInSandbox>;

interface Trial {
  outcome: TrialOutcome;
  kept?: TraceCandidate;
  detail?: string;
}

function traceRecord(repo: string, base: BaseSnapshot, file: string, site: TsMutation, tests: string[], failingFiles: string[], command: string, excerpt: string): SampleRecord {
  return record("trace2code", {
    id: sampleId(["trace2code", repo, base.commit, file, String(site.start), String(site.end), site.replacement]),
    repo,
    base: base.commit,
    query: { command, failure_excerpt: excerpt },
    gold: { root_cause_files: [file], related_tests: failingFiles },
    metadata: {
      source: "mutation_at_base",
      runner: "vitest",
      mutation: { file, bug_type: site.bug_type, line: site.line, start: site.start, end: site.end, original: site.original, replacement: site.replacement, detail: site.detail },
      tests_run: tests,
      reproduced: true,
    },
  });
}

/** One mutant: run the tests that reach the file, and when some break, run the failing ones again. */
async function tryMutant(run: Run, usable: Map<string, Set<string>>, repo: string, base: BaseSnapshot, file: string, site: TsMutation, tests: string[], hostFile: string): Promise<Trial> {
  const text = base.text(file)!;
  const mutant = applyMutation(text, site);
  fs.writeFileSync(hostFile, mutant);
  const overlay = { path: file, hostFile };
  try {
    const first = await run(tests, overlay);
    if (first.failure) return { outcome: /limit/.test(first.failure) ? "timeout" : "run_failed" };
    if (hasTimeout(first.files)) return { outcome: "timeout" };
    const failing = broken(first.files, usable);
    if (!failing.length) return { outcome: "survived" };
    const failingFiles = tests.filter((t) => failing.some((f) => f.file === t));
    const command = testCommand(failingFiles);
    const pick = (rs: VitestFileResult[]) => failingFiles.map((t) => rs.find((f) => f.file === t)).filter((f): f is VitestFileResult => f !== undefined);
    const excerpt = failureExcerpt({ command, files: pick(first.files), mutatedFile: file });
    const again = await run(failingFiles, overlay);
    const second = again.failure ? null : failureExcerpt({ command, files: pick(again.files), mutatedFile: file });
    if (second !== excerpt) return { outcome: "not_reproduced", detail: again.failure ?? `${site.bug_type} at line ${site.line}: the excerpt of the second run differs` };
    const mutation = { ...site, file, originalLine: lineAt(text, site.start), mutatedLine: lineAt(mutant, site.start) };
    return { outcome: "kept", kept: { source: siteKey(file, site), mutation, record: traceRecord(repo, base, file, site, tests, failingFiles, command, excerpt) } };
  } finally {
    fs.rmSync(hostFile, { force: true });
  }
}

const siteKey = (file: string, m: TsMutation) => `${file}:${m.start}:${m.end}:${m.replacement}`;

/** Source files that usable tests reach through imports, with those tests nearest first. */
function reachableSources(base: BaseSnapshot, usable: Map<string, Set<string>>): Map<string, string[]> {
  const scripts = new Map([...base.files].filter(([f]) => isScript(f)));
  const graph = new ImportGraph(scripts, readAliases(base.text("tsconfig.json")));
  const reach = new Map<string, string[]>();
  for (const [file] of scripts) {
    if (pathKind(file) !== "source") continue;
    const tests = [...graph.dependents(file)].filter(([t]) => usable.has(t)).sort(([a, da], [b, db]) => da - db || (a < b ? -1 : 1));
    if (tests.length) reach.set(file, tests.map(([t]) => t));
  }
  return reach;
}

export async function mineTrace2Code(git: GitReader, base: BaseSnapshot, repo: string, opts: TraceOptions): Promise<TraceResult> {
  const say = opts.onProgress ?? (() => undefined);
  const trials: Record<TrialOutcome, number> = { kept: 0, survived: 0, timeout: 0, run_failed: 0, not_reproduced: 0 };
  const keptByFamily = Object.fromEntries(BUG_TYPES.map((b) => [b, 0])) as Record<BugType, number>;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-trace-"));
  fs.chmodSync(work, 0o755); // the sandbox's user reads the snapshot and the mutants
  const snapshot = path.join(work, "snapshot");
  try {
    await sweepSandboxContainers(); // containers an interrupted build left behind
    await base.extract(git, snapshot);
    fs.mkdirSync(path.join(snapshot, "node_modules"), { recursive: true });
    const run: Run = (files, overlay, timeoutMs = RUN_TIMEOUT_MS) =>
      runVitestInSandbox({ snapshotDir: snapshot, nodeModulesDir: opts.nodeModulesDir, files, overlay, timeoutMs, testTimeoutMs: TEST_TIMEOUT_MS });

    const listing = await runVitestInSandbox({ snapshotDir: snapshot, nodeModulesDir: opts.nodeModulesDir, files: [], timeoutMs: RUN_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS, list: true });
    if (listing.failure) {
      throw new AppError("BAD_REQUEST", `trace2code runs the project's own vitest suite, and listing its test files failed (${listing.failure}); pass --no-trace for a repository that is not a vitest project, or --node-modules <dir> with its dependencies`);
    }
    const listed = listing.listed.filter((f) => base.has(f));
    say(`trace2code: the project's vitest config selects ${listed.length} test files; running them at the base`);
    const baseRun = listed.length ? await run(listed, undefined, BASE_RUN_TIMEOUT_MS) : { files: [], failure: null };
    if (baseRun.failure) throw new AppError("BAD_REQUEST", `the base run of the project's tests in the sandbox failed: ${baseRun.failure}`);
    const { usable, unusable } = usableAtBase(baseRun.files);
    say(`trace2code: ${usable.size} test files pass at the base without services`);

    const reach = reachableSources(base, usable);
    const order = [...reach.keys()].sort((a, b) => (hash(opts.seed, a) < hash(opts.seed, b) ? -1 : 1));
    const candidates: TraceCandidate[] = [];
    const notReproduced: TraceResult["notReproduced"] = [];
    let tried = 0;
    for (const file of order) {
      if (candidates.length >= opts.target) break;
      const sites = findTsMutations(file, base.text(file)!);
      if (!sites.length) continue;
      tried++;
      const ranked = attemptOrder(sites, preferredFamily(opts.seed, file), (m) => hash(opts.seed, file, `${m.start}:${m.end}:${m.replacement}`));
      const tests = reach.get(file)!.slice(0, MAX_TESTS_PER_RUN);
      for (const site of ranked) {
        const hostFile = path.join(work, `mutant-${hash(file, String(site.start)).slice(0, 12)}${path.extname(file)}`);
        const t = await tryMutant(run, usable, repo, base, file, site, tests, hostFile);
        trials[t.outcome]++;
        say(`trace2code: ${file} ${site.bug_type} line ${site.line}: ${t.outcome}`);
        if (t.outcome === "not_reproduced") notReproduced.push({ source: siteKey(file, site), detail: t.detail! });
        if (t.kept) {
          candidates.push(t.kept);
          keptByFamily[site.bug_type]++;
          break;
        }
      }
    }
    return {
      candidates,
      notReproduced,
      report: {
        runner: "vitest",
        test_files_listed: listed.length,
        test_files_usable: usable.size,
        unusable: unusable.sort((a, b) => (a.file < b.file ? -1 : 1)),
        source_files_reachable: reach.size,
        source_files_tried: tried,
        trials,
        kept_by_family: keptByFamily,
      },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
