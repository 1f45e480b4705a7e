// Means over positive samples with their 95% bootstrap intervals, in both weightings:
// sample-weighted (every sample counts once: the query-level bootstrap of the first track,
// lib/metrics/bootstrap.ts) and repository-equal (every repository counts once, its samples
// averaged first: stratified-bootstrap.ts).
import { bootstrapIntervals } from "@/lib/metrics/bootstrap";
import { repoEqualMean, stratifiedIntervals } from "./stratified-bootstrap";

export interface Estimate {
  value: number;
  ciLow: number;
  ciHigh: number;
}

export type Weighting = "sample" | "repo";
export const WEIGHTINGS: readonly Weighting[] = ["sample", "repo"];

function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return xs.length ? s / xs.length : 0;
}

/** Estimates of every column in both weightings; null when there is no sample. */
export function estimateColumns(columns: readonly Float64Array[], strata: Int32Array): Record<Weighting, Estimate[]> | null {
  if (strata.length === 0) return null;
  const sampleCi = bootstrapIntervals(columns);
  const repoCi = stratifiedIntervals(columns, strata);
  return {
    sample: columns.map((c, i) => ({ value: mean(c), ciLow: sampleCi[i].low, ciHigh: sampleCi[i].high })),
    repo: columns.map((c, i) => ({ value: repoEqualMean(c, strata), ciLow: repoCi[i].low, ciHigh: repoCi[i].high })),
  };
}
