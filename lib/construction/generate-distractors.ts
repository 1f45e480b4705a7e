import { BUG_TYPES, type BugType } from "./bug-types";
import { MixTracker } from "./target-mix";
import type { Sandbox } from "@/lib/sandbox/types";
import { applyEdit, editSize } from "./apply-edit";
import { classifyOutcomes, failingTests, KEEPABLE, SLOW_SUITE_MS, type CandidateVerdict } from "./classify-outcomes";
import { describeEdit } from "./describe-edit";
import { findMutations } from "./find-mutations";
import type { MutationEdit } from "./mutation-edit";
import { screenCandidates, screenKey } from "./screen-candidates";
import { selectDistractors, type SelectableCandidate, type TakenDistractor } from "./select-distractors";

// The mutation engine for a batch of tasks: propose every verified single edit of each
// canonical, execute the mutants against the task's tests, classify, and select. Selection
// steers the whole batch towards the paper's bug-type mix (target-mix.ts): tasks with the
// fewest kinds of usable candidate choose first, and every tie between types goes to the type
// furthest below its share so far.

/**
 * The construction engine's version, recorded in every build's gate report: 1 selected per task
 * with a hashed type rotation and deleted only one-line top-level guards; 2 deletes guards of up
 * to 15 lines anywhere in a function, steers the whole build towards the paper's mix, and never
 * keeps a candidate whose suite runs longer than half a second.
 */
export const MUTATION_ENGINE = 2;

export interface GenerationTask {
  key: string;
  functionName: string;
  canonical: string;
  tests: string[];
  /** Distractors the task already has (hand-written), which count against the four slots. */
  taken: (TakenDistractor & { code: string })[];
  slots: number;
}

export interface EditRecord {
  start: number;
  end: number;
  removed: number;
  inserted: number;
  size: number;
}

export interface GeneratedDistractor {
  code: string;
  bugType: BugType;
  bugDescription: string;
  edit: EditRecord;
  verdict: CandidateVerdict;
}

/** Where each candidate of a task ended up; one bucket per candidate. */
export type CandidateBucket = CandidateVerdict | "duplicate" | "selected" | "surplus";

export interface TaskGeneration {
  generated: number;
  dropped: { unparseable: number; not_isolated: number };
  buckets: Partial<Record<CandidateBucket, number>>;
  byBugType: Partial<Record<BugType, { generated: number; keepable: number; selected: number }>>;
  selected: GeneratedDistractor[];
  /** Distinct failing-test subsets among keepable candidates and taken distractors. */
  subsetsAvailable: number;
  error?: string;
}

export interface GenerationOptions {
  sandbox: Sandbox;
  screenTimeoutMs: number;
  /** The benchmark-wide mix so far (a build passes one tracker to every batch). */
  mix?: MixTracker;
}

export interface GenerationBatch {
  tasks: Map<string, TaskGeneration>;
  screening: { executed: number; cached: number };
}

interface Candidate extends SelectableCandidate {
  edit: MutationEdit;
  code: string;
}

export async function generateDistractors(tasks: GenerationTask[], opts: GenerationOptions): Promise<GenerationBatch> {
  const sites = await findMutations(tasks.map((t) => ({ id: t.key, source: t.canonical })));
  const perTask = new Map<string, { candidates: Candidate[]; duplicates: number }>();
  const pairs: { code: string; tests: string[] }[] = [];
  for (const t of tasks) {
    // Identical mutants from different edits, or equal to a hand-written one, run once.
    const seen = new Set([t.canonical, ...t.taken.map((d) => d.code)]);
    const candidates: Candidate[] = [];
    let duplicates = 0;
    for (const edit of sites.get(t.key)!.edits) {
      const code = applyEdit(t.canonical, edit);
      if (seen.has(code)) {
        duplicates += 1;
        continue;
      }
      seen.add(code);
      const site = `${edit.start}:${edit.end}`;
      const awkward = edit.detail.awkward ?? false;
      candidates.push({ order: candidates.length, bugType: edit.bug_type, verdict: "passes_all", signature: "", site, awkward, edit, code });
      pairs.push({ code, tests: t.tests });
    }
    perTask.set(t.key, { candidates, duplicates });
  }
  const screened = await screenCandidates(pairs, opts.sandbox, opts.screenTimeoutMs);

  const results = new Map<string, TaskGeneration>();
  const mix = opts.mix ?? new MixTracker();
  for (const t of tasks) for (const d of t.taken) if ((BUG_TYPES as readonly string[]).includes(d.bugType)) mix.record(d.bugType as BugType);
  for (const t of tasks) {
    for (const c of perTask.get(t.key)!.candidates) {
      const key = screenKey(c.code, t.tests);
      const outcomes = screened.outcomes.get(key)!;
      c.verdict = classifyOutcomes(outcomes);
      if (KEEPABLE.includes(c.verdict) && (screened.durations.get(key) ?? 0) > SLOW_SUITE_MS) c.verdict = "slow";
      c.signature = failingTests(outcomes).join(",");
    }
  }
  // The least flexible tasks choose first (fewest bug types among their usable candidates), so
  // the flexible ones can make up the mix; source order breaks ties.
  const flexibility = (t: GenerationTask) => new Set(perTask.get(t.key)!.candidates.filter((c) => KEEPABLE.includes(c.verdict)).map((c) => c.bugType)).size;
  const order = tasks.map((t, i) => ({ t, i, f: flexibility(t) })).sort((a, b) => a.f - b.f || a.i - b.i);
  const chosenOf = new Map<string, Candidate[]>();
  for (const { t } of order) {
    const chosen = selectDistractors(perTask.get(t.key)!.candidates, t.taken, t.slots, (picked) => mix.priority(picked)) as Candidate[];
    for (const c of chosen) mix.record(c.bugType);
    chosenOf.set(t.key, chosen);
  }
  for (const t of tasks) {
    const { candidates, duplicates } = perTask.get(t.key)!;
    const found = sites.get(t.key)!;
    const chosen = chosenOf.get(t.key)!;
    const chosenSet = new Set(chosen);
    const buckets: TaskGeneration["buckets"] = duplicates ? { duplicate: duplicates } : {};
    const byBugType: TaskGeneration["byBugType"] = {};
    for (const c of candidates) {
      const keepable = KEEPABLE.includes(c.verdict);
      const bucket: CandidateBucket = chosenSet.has(c) ? "selected" : keepable ? "surplus" : c.verdict;
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
      const stats = (byBugType[c.bugType] ??= { generated: 0, keepable: 0, selected: 0 });
      stats.generated += 1;
      if (keepable) stats.keepable += 1;
      if (bucket === "selected") stats.selected += 1;
    }
    const subsets = new Set(t.taken.map((d) => d.signature));
    for (const c of candidates) if (KEEPABLE.includes(c.verdict)) subsets.add(c.signature);
    results.set(t.key, {
      generated: candidates.length + duplicates,
      subsetsAvailable: subsets.size,
      dropped: found.dropped,
      buckets,
      byBugType,
      error: found.error,
      selected: chosen.map((c) => ({
        code: c.code,
        bugType: c.bugType,
        bugDescription: describeEdit(c.edit),
        edit: { start: c.edit.start, end: c.edit.end, removed: [...c.edit.original].length, inserted: [...c.edit.replacement].length, size: editSize(c.edit) },
        verdict: c.verdict,
      })),
    });
  }
  return { tasks: results, screening: { executed: screened.executed, cached: screened.cached } };
}
