import { describe, expect, it } from "vitest";
import { axisPosition, scoreAxis } from "@/lib/drilldown/score-axis";

describe("score axis", () => {
  it("covers every score with round ticks and says when it does not start at 0", () => {
    const a = scoreAxis([0.3895, 0.381, 0.3718, 0.3718, 0.3718]);
    expect(a.ticks[0]).toBe(a.min);
    expect(a.ticks.at(-1)).toBe(a.max);
    expect(a.min).toBeLessThan(0.3718);
    expect(a.max).toBeGreaterThanOrEqual(0.3895);
    expect(a.truncated).toBe(true);
    // Round decimals, evenly spaced.
    const steps = a.ticks.slice(1).map((t, i) => Number((t - a.ticks[i]).toFixed(9)));
    expect(new Set(steps).size).toBe(1);
    for (const t of a.ticks) expect(String(t).length).toBeLessThanOrEqual(6);
  });

  it("gives the top 5 and the top 10 one scale when built from the whole list", () => {
    const all = [0.39, 0.381, 0.372, 0.372, 0.372, 0.2, 0.15, 0.128, 0.128, 0.128];
    const a = scoreAxis(all);
    expect(a.min).toBe(0);
    expect(axisPosition(a, 0.39)).toBeCloseTo(0.39 / a.max);
    expect(axisPosition(a, 0.128)).toBeGreaterThan(0);
  });

  it("handles one score, equal scores and negative dot products", () => {
    expect(scoreAxis([0.5]).ticks.length).toBeGreaterThan(1);
    expect(scoreAxis([2, 2, 2]).min).toBeLessThan(2);
    const neg = scoreAxis([12.5, 3.2, -1]);
    expect(neg.min).toBeLessThanOrEqual(-1);
    expect(neg.truncated).toBe(false);
    expect(axisPosition(neg, neg.min)).toBe(0);
    expect(axisPosition(neg, neg.max)).toBe(1);
  });
});
