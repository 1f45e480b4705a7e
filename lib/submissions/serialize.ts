// Response shapes for submissions. Prisma rows never leave lib/: these are the public forms.

/** One headline metric at one cut-off with its 95% interval, as a scoring run produces and the metrics tables store it. */
export interface MetricRow {
  name: string;
  k: number;
  value: number;
  ciLow: number;
  ciHigh: number;
}

export interface MetricValue {
  value: number;
  ci95: [number, number];
}

/**
 * Metric name → k → value with its interval: whatever metrics the benchmark's kind scored (for
 * execution-grounded retrieval exec, execution_precision and ndcg at k 1, 3, 5, 10), names in
 * alphabetical order, cut-offs ascending.
 */
export type MetricTable = Record<string, Record<string, MetricValue>>;

export function toMetricTable(rows: readonly MetricRow[]): MetricTable | null {
  if (rows.length === 0) return null;
  const table: MetricTable = {};
  const ordered = [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.k - b.k));
  for (const r of ordered) (table[r.name] ??= {})[String(r.k)] = { value: r.value, ci95: [r.ciLow, r.ciHigh] };
  return table;
}
