// Paired tests between published runs are the costliest thing the track's pages compute
// (100,000 sign flips once more than 20 samples differ). They are kept per published set: the
// runs array of loadPublishedRuns is the same object for as long as the set is unchanged.
import { pairedComparison, type PairedResult } from "@/lib/repo-metrics/paired";
import type { MetricId } from "@/lib/repo-metrics/definitions";
import type { PublishedRun } from "./published-runs";
import { perSampleColumn, type Scope } from "./scope";

const cache = new WeakMap<readonly PublishedRun[], Map<string, PairedResult | null>>();

/** a against b on one metric in one scope; null when the scope has no sample. */
export function pairedBetween(runs: readonly PublishedRun[], a: PublishedRun, b: PublishedRun, scope: Scope, metric: MetricId): PairedResult | null {
  let m = cache.get(runs);
  if (!m) cache.set(runs, (m = new Map()));
  const key = `${a.submissionId}|${b.submissionId}|${scope.task}|${scope.weighting}|${scope.filter}|${metric}`;
  if (!m.has(key)) m.set(key, compare(a, b, scope, metric));
  return m.get(key)!;
}

export function compare(a: { analysis: PublishedRun["analysis"] }, b: { analysis: PublishedRun["analysis"] }, scope: Scope, metric: MetricId): PairedResult | null {
  const x = perSampleColumn(a.analysis, scope, metric), y = perSampleColumn(b.analysis, scope, metric);
  if (x.values.length === 0) return null;
  const repos = [...new Set(x.repos)].sort();
  return pairedComparison(x.values, y.values, Int32Array.from(x.repos, (r) => repos.indexOf(r)), scope.weighting);
}
