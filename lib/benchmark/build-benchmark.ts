import { SLOW_SUITE_MS, SNIPPET_SUITE_LIMIT_MS } from "@/lib/construction/classify-outcomes";
import { generateDistractors, MUTATION_ENGINE } from "@/lib/construction/generate-distractors";
import { failingTests } from "@/lib/construction/classify-outcomes";
import { RUNNER_VERSION, type Sandbox } from "@/lib/sandbox/types";
import { assembleBenchmark, defaultCorpusSeed, serializeBenchmark, type BuiltBenchmark } from "./assemble-benchmark";
import { alive, fromGenerated, type BuildTask } from "./build-state";
import { buildGateReport, formatGateReport, type GateReport } from "./gate-report";
import { runAstGate } from "./gates/ast-gate";
import { runCanonicalGate } from "./gates/canonical-gate";
import { runCorpusGate } from "./gates/corpus-gate";
import { runDuplicateGate } from "./gates/duplicate-gate";
import { MAX_DISTRACTORS, runDistractorGate } from "./gates/distractor-gate";
import { runSweeps } from "./gates/sweeps";
import { readSourceDir } from "./read-source-dir";
import { renderGateReport } from "./render-gate-report";

export interface BuildOptions {
  sandbox: Sandbox;
  /** Tasks ending with fewer distractors are excluded (gate 4). The paper's tasks carry 3-4. */
  minDistractors?: number;
  /** Suite timeout while screening candidates; kept ones are re-run at the scoring timeout. */
  screenTimeoutMs?: number;
  onProgress?: (message: string) => void;
}

export interface BuildResult {
  data: BuiltBenchmark;
  report: GateReport;
  /** benchmark.json, queries.jsonl, corpus.jsonl, gate-report.json, gate-report.md */
  files: Record<string, string>;
}

export const DEFAULT_MIN_DISTRACTORS = 3;
export const DEFAULT_SCREEN_TIMEOUT_MS = 1000;

// benchmark build: source tasks → gates 1-3 → the near-duplicate gate → mutation engine for
// every task short of four distractors → gates 4-5 → the two sweeps → ids → contract files and
// the gate report (with the mix and edit shape beside the paper's).
// A task failing any gate is excluded and reported; the rest still make a benchmark.
export async function buildBenchmark(srcDir: string, opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const minDistractors = opts.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const screenTimeoutMs = opts.screenTimeoutMs ?? DEFAULT_SCREEN_TIMEOUT_MS;
  const progress = opts.onProgress ?? (() => undefined);
  const src = await readSourceDir(srcDir);
  const tasks: BuildTask[] = src.lines.map((l) => ({
    source: l.source,
    file: l.file,
    task: l.task,
    failure: l.problems.length ? { gate: 1, reasons: l.problems } : null,
    canonicalOutcomes: null,
    canonicalDurationMs: null,
    distractors: (l.task?.distractors ?? []).map((d) => ({
      code: d.code,
      bugType: d.bug_type,
      bugDescription: d.bug_description,
      origin: "hand_written" as const,
      edit: null,
      outcomes: null,
      durationMs: null,
    })),
    generation: null,
    functionNames: [],
    warnings: [],
  }));
  progress(`read ${tasks.length} tasks; gate 1 (schema) excluded ${tasks.length - alive(tasks).length}`);

  await runAstGate(tasks, "sources");
  let executed = 0;
  let cached = 0;
  const gate3 = await runCanonicalGate(tasks, opts.sandbox);
  executed += gate3.pairs - gate3.cached;
  cached += gate3.cached;
  progress(`gates 2-3: ${alive(tasks).length} tasks have a canonical that parses and passes its tests`);
  const dup = await runDuplicateGate(tasks, opts.sandbox, screenTimeoutMs);
  executed += dup.pairs - dup.cached;
  cached += dup.cached;
  progress(`near-duplicate gate: ${dup.report.pairs_compared} pairs compared, ${dup.report.suspects_executed} run against each other's tests, ${dup.report.duplicates.length} excluded`);

  const needy = alive(tasks).filter((t) => t.distractors.length < MAX_DISTRACTORS);
  const generation = await generateDistractors(
    needy.map((t, i) => ({
      key: String(i),
      functionName: t.task.function_name,
      canonical: t.task.canonical,
      tests: t.task.test_suite,
      taken: t.distractors.map((d) => ({ code: d.code, bugType: d.bugType, signature: failingTests(d.outcomes ?? []).join(",") })),
      slots: MAX_DISTRACTORS - t.distractors.length,
    })),
    { sandbox: opts.sandbox, screenTimeoutMs },
  );
  executed += generation.screening.executed;
  cached += generation.screening.cached;
  needy.forEach((t, i) => {
    const g = generation.tasks.get(String(i))!;
    t.generation = g;
    t.distractors.push(...g.selected.map(fromGenerated));
  });
  progress(`mutation engine: ${generation.screening.executed + generation.screening.cached} candidates screened for ${needy.length} tasks`);

  await runAstGate(tasks, "generated");
  const gate4 = await runDistractorGate(tasks, opts.sandbox, minDistractors);
  runCorpusGate(tasks);
  const sweeps = await runSweeps(tasks, opts.sandbox);
  for (const x of [gate4, sweeps.execution]) {
    executed += x.pairs - x.cached;
    cached += x.cached;
  }
  const { data, queryIds } = assembleBenchmark({ ...src.meta, corpus_seed: src.meta.corpus_seed ?? defaultCorpusSeed(src.sourceSha256) }, tasks);
  progress(`gates 4-5 and sweeps: ${data.queries.length} tasks kept`);

  const report = buildGateReport({
    meta: { slug: src.meta.slug, name: src.meta.name, version: src.meta.version },
    sourceSha256: src.sourceSha256,
    settings: {
      min_distractors: minDistractors,
      max_distractors: MAX_DISTRACTORS,
      screen_timeout_ms: screenTimeoutMs,
      runner_version: RUNNER_VERSION,
      mutation_engine: MUTATION_ENGINE,
      slow_suite_ms: SLOW_SUITE_MS,
      suite_limit_ms: SNIPPET_SUITE_LIMIT_MS,
    },
    tasks,
    queryIds,
    sweeps,
    duplicates: dup.report,
    run: {
      build_seconds: Math.round((performance.now() - started) / 100) / 10,
      backend: opts.sandbox.backend,
      pairs_executed: executed,
      pairs_from_cache: cached,
    },
  });
  const files = {
    ...serializeBenchmark(data),
    "gate-report.json": formatGateReport(report),
    "gate-report.md": renderGateReport(report),
  };
  return { data, report, files };
}
