// Selective retrieval: should a system return files at all? Each sample gets a confidence: the
// negated abstention score the run gives (when it gives one for every sample), else the score
// of its first ranked file (no file: -infinity). A threshold t abstains on samples with
// confidence below t. Success: a no-gold sample abstained on; a positive sample answered and
// holding a gold file within the first SELECTIVE_DEPTH (tie-aware, so possibly fractional).
//
// Thresholds are calibrated by cross-validation with folds grouped by repository (no repository
// is in both the training folds and the held-out one): min(5, repositories) folds, repositories
// assigned largest first to the fold with the fewest samples (ties: the lower fold); with one
// repository, min(5, samples) folds by position. On the training folds the threshold with the
// highest mean success wins (candidates: -infinity, every training confidence, +infinity; ties:
// the lowest); it decides the held-out fold. Reported: never abstaining; calibrated with every
// no-gold sample; calibrated with natural no-gold cases only (counterfactual controls removed
// from training and evaluation). Success is reported on positives and on each kind of no-gold
// sample separately.
import type { RepoTask } from "@/lib/db/generated/enums";

export interface SelectiveSample {
  task: RepoTask;
  repo: string;
  confidence: number;
  /** For a positive sample: P(a gold file within the first SELECTIVE_DEPTH). */
  hit: number;
}

export interface SelectiveOutcome {
  /** Mean success over the samples evaluated. */
  success: number;
  positive: number | null;
  natural: number | null;
  counterfactual: number | null;
  abstained: number;
  /** The threshold each fold's training chose ("never": abstain on nothing, "always": on everything); null without calibration. */
  thresholds: (number | "never" | "always")[] | null;
  samples: number;
}

export interface SelectiveReport {
  confidence: "abstention" | "top-score";
  folds: number;
  grouping: "repository" | "sample";
  counts: { positive: number; natural: number; counterfactual: number };
  always: SelectiveOutcome;
  calibrated: SelectiveOutcome | null;
  naturalOnly: SelectiveOutcome | null;
}

const isNoGold = (t: RepoTask) => t === "nogold_natural" || t === "nogold_counterfactual";

function success(s: SelectiveSample, threshold: number): number {
  const abstain = s.confidence < threshold;
  return isNoGold(s.task) ? (abstain ? 1 : 0) : abstain ? 0 : s.hit;
}

function bestThreshold(train: readonly SelectiveSample[]): number {
  const candidates = [-Infinity, ...[...new Set(train.map((s) => s.confidence))].sort((a, b) => a - b), Infinity];
  let best = -Infinity, bestScore = -1;
  for (const t of candidates) {
    let score = 0;
    for (const s of train) score += success(s, t);
    if (score > bestScore + 1e-12) [best, bestScore] = [t, score];
  }
  return best;
}

export function assignFolds(samples: readonly SelectiveSample[]): { fold: Int32Array; folds: number; grouping: "repository" | "sample" } {
  const repos = [...new Set(samples.map((s) => s.repo))];
  if (repos.length >= 2) {
    const k = Math.min(5, repos.length);
    const size = new Map(repos.map((r) => [r, samples.filter((s) => s.repo === r).length]));
    repos.sort((a, b) => size.get(b)! - size.get(a)! || (a < b ? -1 : 1));
    const load = new Array<number>(k).fill(0), foldOf = new Map<string, number>();
    for (const r of repos) {
      const f = load.indexOf(Math.min(...load));
      foldOf.set(r, f);
      load[f] += size.get(r)!;
    }
    return { fold: Int32Array.from(samples, (s) => foldOf.get(s.repo)!), folds: k, grouping: "repository" };
  }
  const k = Math.min(5, samples.length);
  return { fold: Int32Array.from(samples, (_, i) => i % k), folds: k, grouping: "sample" };
}

const shown = (t: number) => (t === -Infinity ? "never" : t === Infinity ? "always" : t);

function outcome(samples: readonly SelectiveSample[], decide: (i: number) => number, thresholds: number[] | null): SelectiveOutcome {
  const part = (pred: (s: SelectiveSample) => boolean) => {
    const idx = samples.map((s, i) => [s, i] as const).filter(([s]) => pred(s));
    return idx.length ? idx.reduce((n, [s, i]) => n + success(s, decide(i)), 0) / idx.length : null;
  };
  return {
    success: part(() => true) ?? 0,
    positive: part((s) => !isNoGold(s.task)),
    natural: part((s) => s.task === "nogold_natural"),
    counterfactual: part((s) => s.task === "nogold_counterfactual"),
    abstained: samples.filter((s, i) => s.confidence < decide(i)).length / Math.max(1, samples.length),
    thresholds: thresholds?.map(shown) ?? null,
    samples: samples.length,
  };
}

function crossValidated(samples: readonly SelectiveSample[]): SelectiveOutcome | null {
  if (samples.length < 2 || !samples.some((s) => isNoGold(s.task))) return null;
  const { fold, folds } = assignFolds(samples);
  const thresholds = Array.from({ length: folds }, (_, f) => bestThreshold(samples.filter((_, i) => fold[i] !== f)));
  return outcome(samples, (i) => thresholds[fold[i]], thresholds);
}

export function selectiveReport(samples: readonly SelectiveSample[], confidence: SelectiveReport["confidence"]): SelectiveReport | null {
  if (!samples.some((s) => isNoGold(s.task))) return null;
  const { folds, grouping } = assignFolds(samples);
  const natural = samples.filter((s) => s.task !== "nogold_counterfactual");
  return {
    confidence,
    folds,
    grouping,
    counts: {
      positive: samples.filter((s) => !isNoGold(s.task)).length,
      natural: samples.filter((s) => s.task === "nogold_natural").length,
      counterfactual: samples.filter((s) => s.task === "nogold_counterfactual").length,
    },
    always: outcome(samples, () => -Infinity, null),
    calibrated: crossValidated(samples),
    naturalOnly: natural.some((s) => s.task === "nogold_natural") ? crossValidated(natural) : null,
  };
}
