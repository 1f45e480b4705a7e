// Everything a repository-retrieval submission is scored by, from its ranked files per sample:
// per positive sample every metric (sample-metrics.ts), their means with 95% intervals in both
// weightings overall and per task, the candidate-filter diagnostics (the same rankings with
// files outside the filter removed: code only, tests only; gold files stay what they are), and
// selective retrieval over positive and no-gold samples (selective.ts).
import type { RepoTask } from "@/lib/db/generated/enums";
import { CANDIDATE_FILTERS, passesFilter, type CandidateFilter } from "@/lib/repo-files/classify";
import type { PackedFile } from "./bcy";
import { METRIC_IDS, SELECTIVE_DEPTH, type MetricId } from "./definitions";
import { estimateColumns, type Estimate, type Weighting } from "./estimate";
import { sampleMetrics, type RankedList } from "./sample-metrics";
import { selectiveReport, type SelectiveReport } from "./selective";

/**
 * The repository-retrieval kind's scoring engine: what its metrics and analyses mean, numbered
 * apart from the execution-grounded kind's (lib/metrics/scoring-engine.ts). Bump when a
 * definition changes; this kind's published results are then re-scored, no other kind's.
 * 1: tie-aware Recall@k, MRR@100, BCY@B under cl100k_base, selective retrieval, filters.
 */
export const REPO_ENGINE_VERSION = 1;
export const POSITIVE_TASK_IDS = ["code2test", "comment2context", "trace2code", "edit2ripple"] as const;

export interface EvalSample {
  sampleId: string;
  task: RepoTask;
  repo: string;
  gold: ReadonlySet<string>;
}

export interface SampleRanking extends RankedList {
  abstention: number | null;
}

export type Aggregate = Record<Weighting, Estimate[]> & { samples: number; repos: number };

export interface RunAnalysis {
  engine: number;
  /** The order of every metric array below. */
  metrics: readonly MetricId[];
  positives: number;
  overall: Aggregate | null;
  byTask: Record<string, Aggregate | null>;
  filters: Record<Exclude<CandidateFilter, "all">, Aggregate | null>;
  selective: SelectiveReport | null;
  /** Per sample in benchmark order: metric values (positives; null for no-gold samples), and under each filter. */
  perSample: { sampleId: string; task: RepoTask; repo: string; values: number[] | null; code: number[] | null; tests: number[] | null }[];
}

const isPositive = (t: RepoTask) => t !== "nogold_natural" && t !== "nogold_counterfactual";

function filtered(list: RankedList, f: CandidateFilter): RankedList {
  if (f === "all") return list;
  const keep = list.paths.map((p) => passesFilter(f, p));
  return { paths: list.paths.filter((_, i) => keep[i]), scores: list.scores.filter((_, i) => keep[i]) };
}

function aggregate(rows: { repo: string; values: number[] }[]): Aggregate | null {
  if (rows.length === 0) return null;
  const repos = [...new Set(rows.map((r) => r.repo))].sort();
  const strata = Int32Array.from(rows, (r) => repos.indexOf(r.repo));
  const columns = METRIC_IDS.map((_, m) => Float64Array.from(rows, (r) => r.values[m]));
  return { ...estimateColumns(columns, strata)!, samples: rows.length, repos: repos.length };
}

export function analyzeRun(samples: readonly EvalSample[], rankings: readonly SampleRanking[], cost: (sample: number, path: string) => PackedFile): RunAnalysis {
  const valuesOf = (i: number, f: CandidateFilter) => {
    const v = sampleMetrics(filtered(rankings[i], f), samples[i].gold, (p) => cost(i, p));
    return METRIC_IDS.map((m) => v[m]);
  };
  const perSample = samples.map((s, i) => {
    const pos = isPositive(s.task);
    return { sampleId: s.sampleId, task: s.task, repo: s.repo, values: pos ? valuesOf(i, "all") : null, code: pos ? valuesOf(i, "code") : null, tests: pos ? valuesOf(i, "tests") : null };
  });
  const positive = perSample.filter((p) => p.values !== null);
  const rowsOf = (key: "values" | "code" | "tests", pred: (t: RepoTask) => boolean = () => true) =>
    positive.filter((p) => pred(p.task)).map((p) => ({ repo: p.repo, values: p[key]! }));

  const withAbstention = samples.every((_, i) => rankings[i].abstention !== null);
  const anyAt = METRIC_IDS.indexOf(`any@${SELECTIVE_DEPTH}` as MetricId);
  const selective = selectiveReport(
    samples.map((s, i) => ({
      task: s.task,
      repo: s.repo,
      confidence: withAbstention ? -rankings[i].abstention! : (rankings[i].scores[0] ?? -Infinity),
      hit: perSample[i].values?.[anyAt] ?? 0,
    })),
    withAbstention ? "abstention" : "top-score",
  );

  return {
    engine: REPO_ENGINE_VERSION,
    metrics: METRIC_IDS,
    positives: positive.length,
    overall: aggregate(rowsOf("values")),
    byTask: Object.fromEntries(POSITIVE_TASK_IDS.map((t) => [t, aggregate(rowsOf("values", (x) => x === t))])),
    filters: Object.fromEntries(CANDIDATE_FILTERS.filter((f) => f !== "all").map((f) => [f, aggregate(rowsOf(f as "code" | "tests"))])) as RunAnalysis["filters"],
    selective,
    perSample,
  };
}
