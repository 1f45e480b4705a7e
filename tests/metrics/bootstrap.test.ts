import { describe, expect, it } from "vitest";
import { bootstrapIntervals, bootstrapReplicateMeans, percentileSorted } from "@/lib/metrics/bootstrap";
import { Xoshiro128 } from "@/lib/metrics/prng";

describe("percentileSorted (linear interpolation, numpy default)", () => {
  it("interpolates between order statistics", () => {
    expect(percentileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileSorted([10, 20, 30, 40, 50], 0.025)).toBeCloseTo(11, 12); // h = 0.1
    expect(percentileSorted([10, 20, 30, 40, 50], 0.975)).toBeCloseTo(49, 12); // h = 3.9
    expect(percentileSorted([7], 0.975)).toBe(7);
  });
});

describe("query-level bootstrap", () => {
  const values = Float64Array.from({ length: 939 }, (_, i) => (i * 7919) % 10 < 3 ? 1 : 0); // mean 0.3

  it("is deterministic for a seed and changes with the seed", () => {
    const a = bootstrapIntervals([values], { seed: 20260901 });
    expect(bootstrapIntervals([values], { seed: 20260901 })).toEqual(a);
    expect(bootstrapIntervals([values], { seed: 1 })).not.toEqual(a);
  });

  it("gives an interval around the mean of the width the normal approximation predicts", () => {
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const [ci] = bootstrapIntervals([values]);
    expect(ci.low).toBeLessThan(mean);
    expect(ci.high).toBeGreaterThan(mean);
    const halfWidth = 1.96 * Math.sqrt((mean * (1 - mean)) / values.length); // 0.0293
    expect(Math.abs(mean - ci.low - halfWidth)).toBeLessThan(0.004);
    expect(Math.abs(ci.high - mean - halfWidth)).toBeLessThan(0.004);
  });

  it("matches a brute-force recomputation on a tiny case", () => {
    const col = [0, 1, 1, 0.5, 0];
    const replicates = 9, seed = 42;
    const rng = new Xoshiro128(seed);
    const means: number[] = [];
    for (let r = 0; r < replicates; r++) {
      let sum = 0;
      for (let i = 0; i < col.length; i++) sum += col[rng.nextBelow(col.length)];
      means.push(sum / col.length);
    }
    expect(Array.from(bootstrapReplicateMeans([col], { replicates, seed })[0])).toEqual(means);
    means.sort((x, y) => x - y);
    // 9 replicates: the 2.5th percentile sits at h = 8 * 0.025 = 0.2, the 97.5th at h = 7.8.
    const expected = {
      low: means[0] + 0.2 * (means[1] - means[0]),
      high: means[7] + 0.8 * (means[8] - means[7]),
    };
    const [ci] = bootstrapIntervals([col], { replicates, seed });
    expect(ci.low).toBeCloseTo(expected.low, 15);
    expect(ci.high).toBeCloseTo(expected.high, 15);
  });

  it("shares resamples across columns, so differences of columns are paired", () => {
    const a = Float64Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const b = Float64Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? 1 : 0));
    const diff = a.map((x, i) => x - b[i]);
    const [ma, mb, md] = bootstrapReplicateMeans([a, b, diff], { replicates: 200 });
    for (let r = 0; r < 200; r++) expect(md[r]).toBeCloseTo(ma[r] - mb[r], 12);
    // Identical columns get identical intervals.
    const [x, y] = bootstrapIntervals([a, Float64Array.from(a)]);
    expect(x).toEqual(y);
  });

  it("collapses to a point for a constant column and refuses empty input", () => {
    expect(bootstrapIntervals([new Float64Array(20).fill(0.25)])).toEqual([{ low: 0.25, high: 0.25 }]);
    expect(() => bootstrapReplicateMeans([new Float64Array(0)])).toThrow(RangeError);
  });
});
