import { describe, expect, it } from "vitest";
import { bootstrapReplicateSums, replicateDraws } from "@/lib/metrics/bootstrap";
import { meanEstimates, medianEstimate, ratioEstimates } from "@/lib/metrics/estimates";
import { Xoshiro128 } from "@/lib/metrics/prng";

const opts = { replicates: 250, seed: 5 };

function percentile7(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p, lo = Math.floor(h);
  return s[lo] + (h - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
}

function brute(n: number, stat: (draws: number[]) => number | null): [number, number] {
  const rng = new Xoshiro128(opts.seed);
  const v: number[] = [];
  for (let r = 0; r < opts.replicates; r++) {
    const x = stat(Array.from({ length: n }, () => rng.nextBelow(n)));
    if (x !== null) v.push(x);
  }
  return [percentile7(v, 0.025), percentile7(v, 0.975)];
}

describe("resample arithmetic", () => {
  it("replicate r uses draws r*n .. r*n+n-1 and sums c_i * x_i", () => {
    const col = [0.5, 0, 2, 1, 0.25, 3];
    const sums = bootstrapReplicateSums([col], opts)[0];
    for (const r of [0, 1, 17, 249]) {
      const draws = replicateDraws(col.length, r, opts.seed);
      expect(sums[r]).toBe(Array.from(draws).reduce((s, i) => s + col[i], 0)); // dyadic values: exact in any order
    }
  });
});

describe("ratioEstimates", () => {
  it("pools counts over queries and skips resamples without a denominator", () => {
    const num = [1, 0, 2, 0, 0, 1], den = [1, 1, 3, 0, 0, 2];
    const [e] = ratioEstimates([{ num, den }], opts);
    expect(e!.value).toBe(4 / 7);
    const sum = (d: number[], xs: number[]) => d.reduce((s, i) => s + xs[i], 0);
    expect(e!.ci95).toEqual(brute(6, (d) => (sum(d, den) > 0 ? sum(d, num) / sum(d, den) : null)));
  });

  it("is null when nothing is eligible, and degenerate when every eligible item agrees", () => {
    expect(ratioEstimates([{ num: [0, 0], den: [0, 0] }], opts)).toEqual([null]);
    expect(ratioEstimates([{ num: [2, 0, 1], den: [2, 0, 1] }], opts)).toEqual([{ value: 1, ci95: [1, 1] }]);
  });
});

describe("medianEstimate", () => {
  it("is numpy's median: middle value, or the mean of the two middle values", () => {
    expect(medianEstimate([3, 1, 2], [true, true, true], opts)!.value).toBe(2);
    expect(medianEstimate([1, 10, 2, 3, -7], [true, true, true, true, false], opts)!.value).toBe(2.5);
    expect(medianEstimate([1, 2], [false, false], opts)).toBeNull();
    expect(medianEstimate([0.25, 0.25, 0.25], [true, true, true], opts)!.ci95).toEqual([0.25, 0.25]);
  });

  it("resamples the included queries exactly as literal redraws do", () => {
    const rng = new Xoshiro128(3);
    const values = Array.from({ length: 31 }, () => rng.nextBelow(1000) / 100 - 5);
    const include = values.map((_, i) => i % 4 !== 0);
    const med = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
      return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
    };
    const e = medianEstimate(values, include, opts)!;
    expect(e.value).toBe(med(values.filter((_, i) => include[i])));
    expect(e.ci95).toEqual(brute(31, (d) => {
      const xs = d.filter((i) => include[i]).map((i) => values[i]);
      return xs.length ? med(xs) : null;
    }));
  });
});

describe("meanEstimates", () => {
  it("sums in query order for the value and resamples for the interval", () => {
    const col = [1, 0, 0, 1, 1, 0, 0, 0];
    const [e] = meanEstimates([col], opts);
    expect(e.value).toBe(3 / 8);
    expect(e.ci95).toEqual(brute(8, (d) => d.reduce((s, i) => s + col[i], 0) / 8));
  });
});

describe("replicate sums: the WebAssembly kernel and the sparse loop agree bit for bit", () => {
  it("on dense, sparse and non-dyadic columns, across column blocks", async () => {
    const { ResampleMatrix, sparseSums } = await import("@/lib/metrics/replicate-sums");
    const { resampleCounts } = await import("@/lib/metrics/resample-counts");
    const n = 37, replicates = 103, seed = 9;
    const rng = new Xoshiro128(2);
    const columns = Array.from({ length: 70 }, (_, m) =>
      Float64Array.from({ length: n }, () => (m % 3 === 0 ? (rng.nextBelow(4) === 0 ? 1 : 0) : rng.nextUint32() / 2 ** 32 / 3 - 0.1)),
    );
    const kernel = ResampleMatrix.get(n, replicates, seed)!.sums(columns);
    expect(kernel).toEqual(sparseSums(columns, resampleCounts(n, replicates, seed), n, replicates));
  });
});

describe("batchEstimates", () => {
  it("gives exactly the intervals of immediate estimation", async () => {
    const { batchEstimates, directEstimator } = await import("@/lib/metrics/estimates");
    const rng = new Xoshiro128(12);
    const col = Array.from({ length: 40 }, () => rng.nextBelow(10) / 7);
    const num = Array.from({ length: 40 }, () => rng.nextBelow(3)), den = num.map((x) => x + rng.nextBelow(2));
    const include = col.map((_, i) => i % 3 !== 0);
    const run = (est: import("@/lib/metrics/estimates").Estimator) => ({ mean: est.mean([col]), ratio: est.ratio([{ num, den }]), median: est.median(col, include) });
    expect(batchEstimates(opts, run)).toEqual(run(directEstimator(opts)));
  });
});
