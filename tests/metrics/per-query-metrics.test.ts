// Without ties the tie-aware metrics are the paper's plain per-query metrics (§4.1).
import { describe, expect, it } from "vitest";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { execAtK, executionPrecisionAtK, ndcgAtK } from "@/lib/metrics/tie-aware";
import { strict } from "./ranked-lists";

// The paper's Figure 1 (q_0348, lowest_set_bit): three failing distractors above the
// canonical at rank 4, a fourth distractor at rank 5, then unrelated snippets that fail.
const figure1 = strict([false, false, false, true, false, false, false, false, false, false], [4]);

describe("per-query metrics without ties", () => {
  it("reports at k = 1, 3, 5, 10", () => {
    expect([...METRIC_KS]).toEqual([1, 3, 5, 10]);
  });

  it("exec@k on Figure 1", () => {
    expect(METRIC_KS.map((k) => execAtK(figure1, k))).toEqual([0, 0, 1, 1]);
  });

  it("execution_precision@k on Figure 1 and on a mixed list", () => {
    expect(METRIC_KS.map((k) => executionPrecisionAtK(figure1, k))).toEqual([0, 0, 0.2, 0.1]);
    const mixed = strict([true, false, true, true, false, false, true, false, false, false]);
    expect(METRIC_KS.map((k) => executionPrecisionAtK(mixed, k))).toEqual([1, 2 / 3, 3 / 5, 4 / 10]);
  });

  it("treats ranks beyond a short list as failures, still dividing by k", () => {
    expect(executionPrecisionAtK(strict([true, true]), 5)).toBe(0.4);
    expect(execAtK([], 10)).toBe(0);
  });

  it("canonical nDCG@k on Figure 1: 1/log2(5) from k = 5", () => {
    expect(ndcgAtK(figure1, 1, 1)).toBe(0);
    expect(ndcgAtK(figure1, 3, 1)).toBe(0);
    expect(ndcgAtK(figure1, 5, 1)).toBeCloseTo(0.43067655807339306, 15);
    expect(ndcgAtK(figure1, 10, 1)).toBeCloseTo(1 / Math.log2(5), 15);
    expect(ndcgAtK(strict([true], [1]), 1, 1)).toBe(1);
    expect(ndcgAtK(strict([false, false]), 10, 1)).toBe(0);
  });

  it("nDCG with several correct ids: IDCG over min(k, #relevant) ideal positions", () => {
    const idcg2 = 1 + 1 / Math.log2(3);
    expect(ndcgAtK(strict([true, false, true], [1, 3]), 3, 2)).toBeCloseTo((1 + 0.5) / idcg2, 15);
    expect(ndcgAtK(strict([false, true], [2]), 10, 2)).toBeCloseTo(1 / Math.log2(3) / idcg2, 15); // second id never retrieved
    expect(ndcgAtK(strict([true], [1]), 1, 3)).toBe(1); // only one ideal position fits in k = 1
  });

  it("rejects impossible inputs", () => {
    expect(() => ndcgAtK(strict([true, true], [1, 2]), 5, 1)).toThrow(RangeError);
    expect(() => ndcgAtK(figure1, 5, 0)).toThrow(RangeError);
    expect(() => execAtK(figure1, 0)).toThrow(RangeError);
  });
});
