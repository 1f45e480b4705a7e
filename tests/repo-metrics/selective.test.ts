// Selective retrieval: thresholds calibrated by repository-grouped cross-validation, success
// reported on positives and on each kind of no-gold sample, against hand-computed outcomes.
import { describe, expect, it } from "vitest";
import { assignFolds, selectiveReport, type SelectiveSample } from "@/lib/repo-metrics/selective";
import { repoEqualMean, stratifiedIntervals } from "@/lib/repo-metrics/stratified-bootstrap";

const pos = (repo: string, confidence: number, hit: number): SelectiveSample => ({ task: "code2test", repo, confidence, hit });
const nat = (repo: string, confidence: number): SelectiveSample => ({ task: "nogold_natural", repo, confidence, hit: 0 });
const cf = (repo: string, confidence: number): SelectiveSample => ({ task: "nogold_counterfactual", repo, confidence, hit: 0 });

describe("selective retrieval", () => {
  it("assigns whole repositories to folds, largest first, to the lightest fold", () => {
    const s = [pos("a", 1, 1), pos("a", 1, 1), pos("a", 1, 1), pos("b", 1, 1), pos("b", 1, 1), pos("c", 1, 1)];
    const { fold, folds, grouping } = assignFolds(s);
    expect(grouping).toBe("repository");
    expect(folds).toBe(3);
    expect([...fold]).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it("never abstaining: positives succeed by their hits, no-gold samples fail", () => {
    const r = selectiveReport([pos("a", 5, 1), pos("a", 4, 0.5), nat("b", 1), cf("c", 0)], "top-score")!;
    expect(r.always.positive).toBeCloseTo(0.75, 15);
    expect(r.always.natural).toBe(0);
    expect(r.always.counterfactual).toBe(0);
    expect(r.always.success).toBeCloseTo(1.5 / 4, 15);
    expect(r.counts).toEqual({ positive: 2, natural: 1, counterfactual: 1 });
  });

  it("calibrates on the other repositories and applies the threshold to the held-out one", () => {
    // Repositories a, b, c, d each a fold. Positives are confident (10), no-gold are not (1).
    const s = [pos("a", 10, 1), nat("a", 1), pos("b", 10, 1), nat("b", 1), pos("c", 10, 1), cf("c", 1), pos("d", 10, 1), nat("d", 1)];
    const r = selectiveReport(s, "top-score")!;
    expect(r.folds).toBe(4);
    // Every fold's training picks t = 10 (abstain below 10): everything succeeds.
    expect(r.calibrated!.thresholds).toEqual([10, 10, 10, 10]);
    expect(r.calibrated!.success).toBe(1);
    expect(r.calibrated!.abstained).toBe(0.5);
    // Natural only: the counterfactual control is removed from training and evaluation.
    expect(r.naturalOnly!.samples).toBe(7);
    expect(r.naturalOnly!.counterfactual).toBeNull();
    expect(r.naturalOnly!.natural).toBe(1);
  });

  it("a threshold learned elsewhere can fail a repository whose scores differ", () => {
    // In a, b and c no-gold samples score 1 and positives 5; in d every score is ten times
    // larger, so the threshold learned on a-c (5) keeps d's no-gold sample (10).
    const s = [pos("a", 5, 1), nat("a", 1), pos("b", 5, 1), nat("b", 1), pos("c", 5, 1), nat("c", 1), pos("d", 50, 1), nat("d", 10)];
    const r = selectiveReport(s, "top-score")!;
    expect(r.calibrated!.thresholds![3]).toBe(5);
    expect(r.calibrated!.success).toBeCloseTo(7 / 8, 15);
    expect(r.calibrated!.natural).toBeCloseTo(3 / 4, 15);
  });

  it("has nothing to report without no-gold samples", () => {
    expect(selectiveReport([pos("a", 1, 1), pos("b", 2, 0)], "top-score")).toBeNull();
  });
});

describe("repository-equal weighting", () => {
  it("averages each repository's samples first", () => {
    // repo 0: 1, 1, 1, 0 (mean 0.75); repo 1: 0 (mean 0) → 0.375, where the sample mean is 0.6
    expect(repoEqualMean([1, 1, 1, 0, 0], [0, 0, 0, 0, 1])).toBeCloseTo(0.375, 15);
  });

  it("keeps every repository in every replicate: a constant column has a zero-width interval", () => {
    const [ci] = stratifiedIntervals([[1, 1, 0, 0, 0.5]], [0, 0, 1, 1, 2], { replicates: 200 });
    // repo means can vary only within repos 0 and 1 (constant) and 2 (one sample): (1 + 0 + 0.5)/3
    expect(ci.low).toBeCloseTo(0.5, 15);
    expect(ci.high).toBeCloseTo(0.5, 15);
  });
});
