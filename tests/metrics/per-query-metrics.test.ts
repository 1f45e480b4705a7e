import { describe, expect, it } from "vitest";
import { METRIC_KS, execAtK, executionPrecisionAtK, ndcgAtK } from "@/lib/metrics/per-query-metrics";

// The paper's Figure 1 (q_0348, lowest_set_bit): three failing distractors above the
// canonical at rank 4, a fourth distractor at rank 5, then unrelated snippets that fail.
const figure1 = [false, false, false, true, false, false, false, false, false, false];

describe("per-query metrics", () => {
  it("reports at k = 1, 3, 5, 10", () => {
    expect([...METRIC_KS]).toEqual([1, 3, 5, 10]);
  });

  it("exec@k on Figure 1", () => {
    expect(METRIC_KS.map((k) => execAtK(figure1, k))).toEqual([0, 0, 1, 1]);
  });

  it("execution_precision@k on Figure 1 and on a mixed list", () => {
    expect(METRIC_KS.map((k) => executionPrecisionAtK(figure1, k))).toEqual([0, 0, 0.2, 0.1]);
    const mixed = [true, false, true, true, false, false, true, false, false, false];
    expect(METRIC_KS.map((k) => executionPrecisionAtK(mixed, k))).toEqual([1, 2 / 3, 3 / 5, 4 / 10]);
  });

  it("treats ranks beyond a short list as failures, still dividing by k", () => {
    expect(executionPrecisionAtK([true, true], 5)).toBe(0.4);
    expect(execAtK([], 10)).toBe(0);
  });

  it("canonical nDCG@k on Figure 1: 1/log2(5) from k = 5", () => {
    expect(ndcgAtK([4], 1)).toBe(0);
    expect(ndcgAtK([4], 3)).toBe(0);
    expect(ndcgAtK([4], 5)).toBeCloseTo(0.43067655807339306, 15);
    expect(ndcgAtK([4], 10)).toBeCloseTo(1 / Math.log2(5), 15);
    expect(ndcgAtK([1], 1)).toBe(1);
    expect(ndcgAtK([], 10)).toBe(0);
  });

  it("nDCG with several correct ids: IDCG over min(k, #relevant) ideal positions", () => {
    const idcg2 = 1 + 1 / Math.log2(3);
    expect(ndcgAtK([1, 3], 3, 2)).toBeCloseTo((1 + 0.5) / idcg2, 15);
    expect(ndcgAtK([2], 10, 2)).toBeCloseTo(1 / Math.log2(3) / idcg2, 15); // second id never retrieved
    expect(ndcgAtK([1], 1, 3)).toBe(1); // only one ideal position fits in k = 1
    expect(ndcgAtK([2, 1], 10)).toBe(1); // default count = retrieved ids; both at the top
  });

  it("rejects impossible inputs", () => {
    expect(() => ndcgAtK([0], 5)).toThrow(RangeError);
    expect(() => ndcgAtK([2, 2], 5)).toThrow(RangeError);
    expect(() => ndcgAtK([1, 2], 5, 1)).toThrow(RangeError);
    expect(() => execAtK([true], 0)).toThrow(RangeError);
  });
});
