// The released sample format (one JSON object a line, as Agent Retrieval Bench publishes it)
// and the normalized sample ExecBoard keeps. The released records name their files by role
// under `gold` and by task convention; normalization makes each role explicit:
// - given (context the query hands over): `gold.given_files`, plus by task the changed file
//   (code2test), the reviewed file (comment2context: `query.given_file`, else `query.path`), the
//   anchor (edit2ripple);
// - gold: `gold.files` when given, else by task: code2test → related_tests; comment2context →
//   must_context_files / context_files, else the additional files the record names
//   (root_cause_files, supporting_files and related_tests: what the review led the PR to touch;
//   such derived gold keeps only the files that are corpus files at the base commit, import-arb.ts);
//   trace2code and edit2ripple → root_cause_files, else related_tests; none for a no-gold record
//   (`gold.no_gold`). Then, for every task, the given files are taken out of gold: a file the
//   query hands over is context, never something to retrieve (`given_removed` keeps what was
//   taken, for the import report). A positive sample left with no gold is refused;
// - supporting: supporting_files / supporting_context_files, and for trace2code the related
//   tests (failure frames and tests are supporting unless they are the root cause);
// - distractors: negative_distractors / hard_negative_files.
// Roles do not overlap: supporting files and distractors are neither gold nor given.
// The task of a no-gold record is counterfactual when its reason is counterfactual_wrong_repo
// (a query paired with another repository), natural otherwise. Extra keys are kept in metadata.
import { z } from "zod";
import type { RepoTask } from "@/lib/db/generated/enums";
import { canonicalQueryText } from "./query-text";
import { isPositiveTask } from "./tasks";

const pathList = z.array(z.union([z.string(), z.object({ path: z.string() }).passthrough()])).optional();

export const releasedSampleSchema = z
  .object({
    id: z.string().min(1).max(200),
    task_type: z.string().min(1),
    repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/, "must be owner/name"),
    base_commit: z.string().regex(/^[0-9a-f]{40}$/, "must be a full 40-hex commit id"),
    query: z.record(z.string(), z.unknown()),
    gold: z
      .object({
        files: pathList,
        related_tests: pathList,
        root_cause_files: pathList,
        must_context_files: pathList,
        context_files: pathList,
        given_files: pathList,
        supporting_files: pathList,
        supporting_context_files: pathList,
        negative_distractors: pathList,
        hard_negative_files: pathList,
        fix_commit: z.string().optional().nullable(),
        no_gold: z.boolean().optional(),
        reason: z.string().optional().nullable(),
      })
      .passthrough()
      .default({}),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export type ReleasedSample = z.infer<typeof releasedSampleSchema>;

export interface NormalizedSample {
  sample_id: string;
  task: RepoTask;
  repo: string;
  base_commit: string;
  query: Record<string, unknown>;
  query_text: string;
  gold_files: string[];
  given_files: string[];
  supporting_files: string[];
  distractor_files: string[];
  /** Files the record names as gold that are given context, taken out of gold_files. */
  given_removed: string[];
  /**
   * Gold read from the record's other roles (comment2context without must-context or context
   * files) rather than named as gold: a file of it that is not a corpus file at the base commit
   * (one the pull request added) is left out of gold instead of refusing the sample.
   */
  derived_gold: boolean;
  no_gold_reason: string | null;
  /** The commit that resolved it (never shown to a retriever; the leakage gates read it). */
  fix_commit: string | null;
  metadata: Record<string, unknown>;
}

const TASK_ALIASES: Record<string, RepoTask> = {
  code2test: "code2test",
  comment2context: "comment2context",
  trace2code: "trace2code",
  testlog2code: "trace2code",
  edit2ripple: "edit2ripple",
  nogold_natural: "nogold_natural",
  nogold_counterfactual: "nogold_counterfactual",
};

const COUNTERFACTUAL_REASON = "counterfactual_wrong_repo";

function paths(values: z.infer<typeof pathList>): string[] {
  return (values ?? []).map((v) => (typeof v === "string" ? v : v.path)).filter((p) => p !== "");
}

function dedupe(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

/** The task of a released record, or null when it names none ExecBoard knows. */
export function taskOf(r: ReleasedSample): RepoTask | null {
  if (r.task_type === "nogold_natural" || r.task_type === "nogold_counterfactual") return r.task_type;
  if (r.task_type === "abstention" || r.gold.no_gold === true) return r.gold.reason === COUNTERFACTUAL_REASON ? "nogold_counterfactual" : "nogold_natural";
  return TASK_ALIASES[r.task_type] ?? null;
}

// The files a record names as gold for its task, before the given files are taken out, and
// whether they were read from its other roles (derived) rather than named as gold.
function namedGoldOf(r: ReleasedSample, task: RepoTask): { files: string[]; derived: boolean } {
  const g = r.gold;
  const named = (files: string[]) => ({ files: dedupe(files), derived: false });
  if (!isPositiveTask(task)) return named(paths(g.files));
  const explicit = paths(g.files);
  if (explicit.length) return named(explicit);
  if (task === "code2test") return named(paths(g.related_tests));
  if (task === "comment2context") {
    const context = paths(g.must_context_files).length ? paths(g.must_context_files) : paths(g.context_files);
    if (context.length) return named(context);
    // Without them, the record's root cause is usually the reviewed file itself (given); what the
    // comment needs beyond it is the other files the pull request touched for it.
    return { files: dedupe([...paths(g.root_cause_files), ...paths(g.supporting_files), ...paths(g.related_tests)]), derived: true };
  }
  const root = paths(g.root_cause_files);
  return named(root.length ? root : paths(g.related_tests));
}

function givenFilesOf(r: ReleasedSample, task: RepoTask): string[] {
  const q = r.query;
  const byTask =
    task === "code2test" ? [str(q.changed_file)] : task === "comment2context" ? [str(q.given_file) ?? str(q.path)] : task === "edit2ripple" ? [str(q.anchor_file)] : [];
  return dedupe([...paths(r.gold.given_files), ...byTask.filter((x): x is string => x !== null)]);
}

export function normalizeSample(r: ReleasedSample, task: RepoTask): NormalizedSample {
  const g = r.gold;
  const given = givenFilesOf(r, task);
  const { files: named, derived } = namedGoldOf(r, task);
  const gold = named.filter((p) => !given.includes(p));
  const other = (p: string) => !gold.includes(p) && !given.includes(p);
  const supporting = dedupe([
    ...paths(g.supporting_files),
    ...paths(g.supporting_context_files),
    ...paths((r as Record<string, unknown>).supporting_context_files as z.infer<typeof pathList>),
    ...(task === "trace2code" ? paths(g.related_tests) : []),
  ]).filter(other);
  const distractors = dedupe([...paths(g.negative_distractors), ...paths(g.hard_negative_files)]).filter(other);
  const metadata = { ...(r.metadata ?? {}) };
  const fix = str(g.fix_commit) ?? str(metadata.fix_commit);
  return {
    sample_id: r.id,
    task,
    repo: r.repo,
    base_commit: r.base_commit,
    query: r.query,
    query_text: canonicalQueryText(r.query),
    gold_files: gold,
    given_files: given,
    supporting_files: supporting,
    distractor_files: distractors,
    given_removed: named.filter((p) => given.includes(p)),
    derived_gold: derived,
    no_gold_reason: isPositiveTask(task) ? null : (str(g.reason) ?? (task === "nogold_counterfactual" ? COUNTERFACTUAL_REASON : null)),
    fix_commit: fix,
    metadata,
  };
}

/** Every file path a sample names (gold, given, supporting, distractors). */
export function namedPaths(s: NormalizedSample): string[] {
  return dedupe([...s.gold_files, ...s.given_files, ...s.supporting_files, ...s.distractor_files]);
}
