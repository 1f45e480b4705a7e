import type { CandidateBucket } from "@/lib/construction/generate-distractors";
import { BUG_TYPES } from "./format";
import { GATE_ORDER, GATES, type BuildTask } from "./build-state";
import type { SweepReport } from "./gates/sweeps";
import { shortfall, MAX_DISTRACTORS } from "./gates/distractor-gate";
import type { DuplicateReport } from "./gates/duplicate-gate";
import { charactersChanged, linesTouched } from "@/lib/construction/apply-edit";
import { PAPER_SHARE } from "@/lib/construction/target-mix";

// gate-report.json: everything the build decided and why. All of it is a function of the
// build's input except `run` (time taken, what came from the cache), which is kept apart so
// the rest stays byte-identical between builds of the same sources.

// Kept first, then usable-but-unneeded, then the rejections from most to least informative.
const BUCKET_ORDER: CandidateBucket[] = ["selected", "surplus", "passes_all", "crashes_everywhere", "timeout", "slow", "syntax_error", "duplicate", "wrong_output", "crashes_some"];

export interface TaskEntry {
  source: string;
  function_name: string | null;
  domain: string | null;
  query_id: string | null;
  status: "kept" | "excluded";
  failed: { gate: string; name: string; reasons: string[] } | null;
  distractors: { bug_type: string; origin: string; bug_description: string; failing_tests: number[] }[];
  short_of_four: string | null;
  candidates: { generated: number; outcomes: Partial<Record<CandidateBucket, number>> } | null;
  warnings: string[];
}

export interface MixRow {
  bug_type: string;
  distractors: number;
  share: number;
  paper_share: number;
  /** share − paper_share, in percentage points. */
  difference_points: number;
}

export interface EditShape {
  /** Generated distractors measured (hand-written ones have no recorded edit). */
  measured: number;
  one_character: { share: number; paper_share: number };
  multi_line: { share: number; paper_share: number };
  longest_lines: { ours: number; paper: number };
  /** Distractors by the number of lines their edit spans. */
  by_lines: Record<string, number>;
}

// The paper's edit shape (§3.2, §5): half the mechanical edits change one character, 8.5% span
// several lines (up to 15, mostly deleted guards).
export const PAPER_EDITS = { one_character: 0.506, multi_line: 0.085, longest_lines: 15 } as const;

export interface GateReport {
  benchmark: { slug: string; name: string; version: string };
  source_sha256: string;
  settings: {
    min_distractors: number;
    max_distractors: number;
    screen_timeout_ms: number;
    runner_version: string;
    /** The construction engine's version: what proposes and selects distractors. */
    mutation_engine: number;
    /** A candidate or canonical whose suite runs longer is never kept; a kept snippet's must stay under suite_limit_ms. */
    slow_suite_ms: number;
    suite_limit_ms: number;
  };
  totals: {
    tasks_read: number;
    tasks_kept: number;
    tasks_excluded: number;
    queries: number;
    corpus: number;
    distractors: number;
    hand_written: number;
    generated: number;
    tasks_short_of_four: number;
  };
  gates: { gate: string; name: string; failed: number }[];
  tasks_per_domain: Record<string, { read: number; kept: number }>;
  distractors_per_bug_type: Record<string, number>;
  /** The kept distractors' mix and edit shape beside the paper's. */
  paper_comparison: { bug_types: MixRow[]; edits: EditShape };
  near_duplicates: DuplicateReport;
  candidates: {
    tasks_mutated: number;
    generated: number;
    dropped_by_ast_check: { unparseable: number; not_isolated: number };
    outcomes: Partial<Record<CandidateBucket, number>>;
    per_bug_type: Record<string, { generated: number; keepable: number; selected: number }>;
  };
  sweeps: {
    distractor_sanity: { distractors_run: number; passed_all_tests: string[] };
    cross_canonical: { snippets_searched: number; foreign_name_matches_run: number; collisions: string[] };
  };
  tasks: TaskEntry[];
  run: {
    build_seconds: number;
    backend: string;
    pairs_executed: number;
    pairs_from_cache: number;
    /** The slowest kept snippets' suites, as measured (ms): measurements vary, so they live here. */
    slowest_canonical_ms?: number;
    slowest_distractor_ms?: number;
  };
}

export interface ReportInput {
  meta: { slug: string; name: string; version: string };
  sourceSha256: string;
  settings: GateReport["settings"];
  tasks: BuildTask[];
  queryIds: Map<BuildTask, string>;
  sweeps: SweepReport;
  duplicates: DuplicateReport;
  run: GateReport["run"];
}

/** Pretty JSON, with arrays of numbers (failing tests) kept on one line to stay readable in diffs. */
export function formatGateReport(report: GateReport): string {
  return JSON.stringify(report, null, 2).replace(/\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]/g, (_, list: string) => `[${list.split(/,\s*/).join(", ")}]`) + "\n";
}

export function buildGateReport(input: ReportInput): GateReport {
  const { tasks, queryIds } = input;
  const kept = tasks.filter((t) => queryIds.has(t));
  const perDomain: GateReport["tasks_per_domain"] = {};
  for (const t of tasks) {
    const domain = t.task?.domain ?? t.file;
    const d = (perDomain[domain] ??= { read: 0, kept: 0 });
    d.read += 1;
    if (queryIds.has(t)) d.kept += 1;
  }
  const perType: Record<string, number> = Object.fromEntries(BUG_TYPES.map((b) => [b, 0]));
  for (const t of kept) for (const d of t.distractors) perType[d.bugType] = (perType[d.bugType] ?? 0) + 1;

  const candidates: GateReport["candidates"] = {
    tasks_mutated: 0,
    generated: 0,
    dropped_by_ast_check: { unparseable: 0, not_isolated: 0 },
    outcomes: {},
    per_bug_type: {},
  };
  for (const t of tasks) {
    const g = t.generation;
    if (!g) continue;
    candidates.tasks_mutated += 1;
    candidates.generated += g.generated;
    candidates.dropped_by_ast_check.unparseable += g.dropped.unparseable;
    candidates.dropped_by_ast_check.not_isolated += g.dropped.not_isolated;
    for (const [bucket, n] of Object.entries(g.buckets)) {
      candidates.outcomes[bucket as CandidateBucket] = (candidates.outcomes[bucket as CandidateBucket] ?? 0) + n;
    }
    for (const [type, s] of Object.entries(g.byBugType)) {
      const acc = (candidates.per_bug_type[type] ??= { generated: 0, keepable: 0, selected: 0 });
      acc.generated += s.generated;
      acc.keepable += s.keepable;
      acc.selected += s.selected;
    }
  }
  candidates.outcomes = Object.fromEntries(BUCKET_ORDER.filter((b) => candidates.outcomes[b]).map((b) => [b, candidates.outcomes[b]]));
  candidates.per_bug_type = Object.fromEntries(BUG_TYPES.filter((b) => candidates.per_bug_type[b]).map((b) => [b, candidates.per_bug_type[b]]));

  const entries = tasks.map((t) => taskEntry(t, queryIds.get(t) ?? null));
  const distractors = kept.reduce((n, t) => n + t.distractors.length, 0);
  const handWritten = kept.reduce((n, t) => n + t.distractors.filter((d) => d.origin === "hand_written").length, 0);
  return {
    benchmark: input.meta,
    source_sha256: input.sourceSha256,
    settings: input.settings,
    totals: {
      tasks_read: tasks.length,
      tasks_kept: kept.length,
      tasks_excluded: tasks.length - kept.length,
      queries: kept.length,
      corpus: kept.length + distractors,
      distractors,
      hand_written: handWritten,
      generated: distractors - handWritten,
      tasks_short_of_four: entries.filter((e) => e.status === "kept" && e.short_of_four).length,
    },
    gates: GATE_ORDER.map((gate) => ({
      gate: String(gate),
      name: GATES[gate],
      failed: tasks.filter((t) => t.failure && String(t.failure.gate) === String(gate)).length,
    })),
    tasks_per_domain: Object.fromEntries(Object.entries(perDomain).sort(([a], [b]) => (a < b ? -1 : 1))),
    distractors_per_bug_type: perType,
    paper_comparison: { bug_types: mixRows(perType, distractors), edits: editShape(kept) },
    near_duplicates: input.duplicates,
    candidates,
    sweeps: {
      distractor_sanity: { distractors_run: input.sweeps.distractorSanity.checked, passed_all_tests: input.sweeps.distractorSanity.passedAll },
      cross_canonical: {
        snippets_searched: input.sweeps.crossCanonical.snippets,
        foreign_name_matches_run: input.sweeps.crossCanonical.nameMatches,
        collisions: input.sweeps.crossCanonical.collisions,
      },
    },
    tasks: entries,
    run: { ...input.run, ...slowest(kept) },
  };
}

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

function mixRows(perType: Record<string, number>, total: number): MixRow[] {
  return BUG_TYPES.map((b) => {
    const share = total ? (perType[b] ?? 0) / total : 0;
    return { bug_type: b, distractors: perType[b] ?? 0, share: round(share), paper_share: round(PAPER_SHARE[b]), difference_points: round(100 * (share - PAPER_SHARE[b]), 1) };
  });
}

function editShape(kept: BuildTask[]): EditShape {
  let measured = 0, oneChar = 0, multi = 0, longest = 0;
  const byLines: Record<string, number> = {};
  for (const t of kept) {
    for (const d of t.distractors) {
      if (!d.edit || !t.task) continue;
      const canonical = [...t.task.canonical], mutant = [...d.code];
      const original = canonical.slice(d.edit.start, d.edit.end).join("");
      const inserted = mutant.slice(d.edit.start, d.edit.start + d.edit.inserted).join("");
      const lines = linesTouched(original, inserted);
      measured += 1;
      if (charactersChanged(original, inserted) === 1) oneChar += 1;
      if (lines > 1) multi += 1;
      longest = Math.max(longest, lines);
      byLines[String(lines)] = (byLines[String(lines)] ?? 0) + 1;
    }
  }
  return {
    measured,
    one_character: { share: round(measured ? oneChar / measured : 0), paper_share: PAPER_EDITS.one_character },
    multi_line: { share: round(measured ? multi / measured : 0), paper_share: PAPER_EDITS.multi_line },
    longest_lines: { ours: longest, paper: PAPER_EDITS.longest_lines },
    by_lines: Object.fromEntries(Object.entries(byLines).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

function slowest(kept: BuildTask[]): { slowest_canonical_ms?: number; slowest_distractor_ms?: number } {
  const c = kept.map((t) => t.canonicalDurationMs ?? 0);
  const d = kept.flatMap((t) => t.distractors.map((x) => x.durationMs ?? 0));
  return { ...(c.length ? { slowest_canonical_ms: Math.max(...c) } : {}), ...(d.length ? { slowest_distractor_ms: Math.max(...d) } : {}) };
}

function taskEntry(t: BuildTask, queryId: string | null): TaskEntry {
  const short = queryId && t.distractors.length < MAX_DISTRACTORS;
  return {
    source: t.source,
    function_name: t.task?.function_name ?? null,
    domain: t.task?.domain ?? null,
    query_id: queryId,
    status: queryId ? "kept" : "excluded",
    failed: t.failure ? { gate: String(t.failure.gate), name: GATES[t.failure.gate], reasons: t.failure.reasons } : null,
    distractors: t.distractors.map((d) => ({
      bug_type: d.bugType,
      origin: d.origin,
      bug_description: d.bugDescription,
      failing_tests: (d.outcomes ?? []).flatMap((o, i) => (o === "pass" ? [] : [i + 1])),
    })),
    short_of_four: short ? shortfall(t) : null,
    candidates: t.generation ? { generated: t.generation.generated, outcomes: t.generation.buckets } : null,
    warnings: t.warnings,
  };
}
