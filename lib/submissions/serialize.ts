// Response shapes for submissions. Prisma rows never leave lib/: these are the public forms.
export const METRIC_NAMES = ["exec", "execution_precision", "ndcg"] as const;
export const KS = [1, 3, 5, 10] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

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

export type MetricTable = Record<MetricName, Record<string, MetricValue>>;

export function toMetricTable(rows: readonly MetricRow[]): MetricTable | null {
  if (rows.length === 0) return null;
  const table = { exec: {}, execution_precision: {}, ndcg: {} } as MetricTable;
  for (const r of rows) {
    if (!(METRIC_NAMES as readonly string[]).includes(r.name)) continue;
    table[r.name as MetricName][String(r.k)] = { value: r.value, ci95: [r.ciLow, r.ciHigh] };
  }
  return table;
}
