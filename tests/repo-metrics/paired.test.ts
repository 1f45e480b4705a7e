// The paired comparison of two systems on tie-aware (fractional) per-sample values.
import { describe, expect, it } from "vitest";
import { pairedComparison, signFlipFloat } from "@/lib/repo-metrics/paired";

describe("paired sign-flip test on fractional differences", () => {
  it("is exact over every sign vector when few samples differ", () => {
    // |S| >= 3 for d = (1, 1, 1) only with all signs equal: 2 of 8 vectors.
    expect(signFlipFloat([1, 1, 1, 0, 0])).toEqual({ pValue: 2 / 8, method: "exact", informative: 3 });
    // d = (0.5, 0.25, 0.25): the sums are ±1, ±0.5 (twice each), 0 (twice): |S| >= 1 in 2 of 8.
    expect(signFlipFloat([0.5, 0.25, 0.25]).pValue).toBeCloseTo(2 / 8, 15);
    // d = (0.5, -0.25, 0.25): S_obs = 0.5; the sums are ±1, ±0.5 (twice each) and 0 (twice): 6 of 8.
    expect(signFlipFloat([0.5, -0.25, 0.25]).pValue).toBeCloseTo(6 / 8, 15);
    expect(signFlipFloat([0, 0])).toEqual({ pValue: 1, method: "exact", informative: 0 });
  });

  it("counts sums equal in exact arithmetic but not in float64 as equal", () => {
    // 0.1 + 0.2 + 0.3 is 0.6000000000000001 in float64 and the walk reaches -0.6 by other roundings:
    // both extremes still count, 2 of 8.
    expect(signFlipFloat([0.1, 0.2, 0.3]).pValue).toBeCloseTo(2 / 8, 15);
  });

  it("estimates p from seeded flips when many samples differ, never below 1/(B+1)", () => {
    const d = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? -0.2 : 0.5));
    const r = signFlipFloat(d);
    expect(r.method).toBe("monte-carlo");
    expect(r.pValue).toBeGreaterThan(0);
    expect(r.pValue).toBeLessThan(0.01);
    expect(signFlipFloat(d)).toEqual(r);
  });

  it("weights samples by repository for the repository-equal comparison", () => {
    // Repository 0 has three samples where a beats b by 1; repository 1 one sample where b wins by 1.
    const a = [1, 1, 1, 0], b = [0, 0, 0, 1];
    expect(pairedComparison(a, b, [0, 0, 0, 1], "sample").delta).toBeCloseTo(0.5, 15);
    expect(pairedComparison(a, b, [0, 0, 0, 1], "repo").delta).toBeCloseTo(0, 15);
    const r = pairedComparison(a, b, [0, 0, 0, 1], "sample");
    expect(r.ciLow).toBeLessThanOrEqual(r.delta);
    expect(r.ciHigh).toBeGreaterThanOrEqual(r.delta);
  });
});
