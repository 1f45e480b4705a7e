import { describe, expect, it } from "vitest";
import { scoreQueries, type QueryOutcome } from "@/lib/metrics/score-queries";
import { bootstrapIntervals } from "@/lib/metrics/bootstrap";
import { AppError } from "@/lib/errors/app-error";
import { strict } from "./ranked-lists";

const F = false, T = true;
const outcomes: QueryOutcome[] = [
  // Figure 1: canonical (the only passing snippet) at rank 4.
  { queryId: "q_0348", ranked: strict([F, F, F, T, F, F, F, F, F, F], [4]), relevantCount: 1 },
  // Canonical first, a second passing snippet at rank 7.
  { queryId: "q_0001", ranked: strict([T, F, F, F, F, F, T, F, F, F], [1]), relevantCount: 1 },
  // Nothing relevant retrieved.
  { queryId: "q_0002", ranked: strict([F, F, F, F, F, F, F, F, F, F]), relevantCount: 1 },
];

describe("scoreQueries", () => {
  const result = scoreQueries(outcomes);
  const metric = (name: string, k: number) => result.metrics.find((m) => m.name === name && m.k === k)!;

  it("lists three families at k = 1, 3, 5, 10 in a fixed order", () => {
    expect(result.metrics.map((m) => `${m.name}@${m.k}`)).toEqual([
      "exec@1", "exec@3", "exec@5", "exec@10",
      "execution_precision@1", "execution_precision@3", "execution_precision@5", "execution_precision@10",
      "ndcg@1", "ndcg@3", "ndcg@5", "ndcg@10",
    ]);
    expect(result.bootstrap).toMatchObject({ replicates: 5000, seed: 20260901 });
  });

  it("reports per-query values", () => {
    expect(result.perQuery[0]).toEqual({
      queryId: "q_0348",
      exec: { 1: 0, 3: 0, 5: 1, 10: 1 },
      execExact: { 1: { num: 0, den: 1 }, 3: { num: 0, den: 1 }, 5: { num: 1, den: 1 }, 10: { num: 1, den: 1 } },
      execution_precision: { 1: 0, 3: 0, 5: 0.2, 10: 0.1 },
      ndcg: { 1: 0, 3: 0, 5: 1 / Math.log2(5), 10: 1 / Math.log2(5) },
    });
    expect(result.perQuery[1].execution_precision[10]).toBe(0.2);
  });

  it("aggregates as the unweighted mean over queries", () => {
    expect(metric("exec", 1).value).toBeCloseTo(1 / 3, 15);
    expect(metric("exec", 5).value).toBeCloseTo(2 / 3, 15);
    expect(metric("execution_precision", 10).value).toBeCloseTo((0.1 + 0.2 + 0) / 3, 15);
    expect(metric("ndcg", 5).value).toBeCloseTo((1 / Math.log2(5) + 1) / 3, 15);
  });

  it("gives intervals that contain the estimate and equal a direct bootstrap of the column", () => {
    for (const m of result.metrics) {
      expect(m.ciLow).toBeLessThanOrEqual(m.value);
      expect(m.ciHigh).toBeGreaterThanOrEqual(m.value);
    }
    const [ci] = bootstrapIntervals([result.perQuery.map((q) => q.ndcg[5])]);
    expect(metric("ndcg", 5).ciLow).toBe(ci.low);
    expect(metric("ndcg", 5).ciHigh).toBe(ci.high);
    // exec@5 and exec@10 have identical per-query columns, hence identical resampled intervals.
    expect([metric("exec", 5).ciLow, metric("exec", 5).ciHigh]).toEqual([metric("exec", 10).ciLow, metric("exec", 10).ciHigh]);
  });

  it("is deterministic and honours explicit options", () => {
    expect(scoreQueries(outcomes)).toEqual(result);
    const custom = scoreQueries(outcomes, { ks: [2], replicates: 100, seed: 7 });
    expect(custom.metrics.map((m) => `${m.name}@${m.k}`)).toEqual(["exec@2", "execution_precision@2", "ndcg@2"]);
    expect(custom.bootstrap).toMatchObject({ replicates: 100, seed: 7 });
  });

  it("uses relevantCount for nDCG when a query has several correct ids", () => {
    const r = scoreQueries([{ queryId: "q", ranked: strict([T, T], [2]), relevantCount: 2 }], { ks: [10], replicates: 10 });
    expect(r.perQuery[0].ndcg[10]).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)), 15);
  });

  it("takes tie-aware fractions: an edit-blind query scores 1/5 at k = 1 and its mean carries it", () => {
    const tied = [0, 1, 2, 3, 4].map((i) => ({ score: 0.5, passes: i === 2, relevant: i === 2 }));
    const r = scoreQueries([{ queryId: "blind", ranked: [...tied, ...strict([F, F, F, F, F]).map((c) => ({ ...c, score: c.score - 0.6 }))], relevantCount: 1 }, outcomes[0]], { replicates: 50 });
    expect(r.perQuery[0].execExact[1]).toEqual({ num: 1, den: 5 });
    expect(r.perQuery[0].exec[3]).toBeCloseTo(3 / 5, 15);
    expect(r.metrics.find((m) => m.name === "exec" && m.k === 1)!.value).toBeCloseTo((1 / 5 + 0) / 2, 15);
  });

  it("refuses empty input and duplicate query ids", () => {
    expect(() => scoreQueries([])).toThrow(AppError);
    expect(() => scoreQueries([outcomes[0], outcomes[0]])).toThrow(AppError);
  });
});
