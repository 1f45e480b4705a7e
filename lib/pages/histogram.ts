// Fixed-width histograms for the model page's distributions (the paper's Figure 4). Bin edges
// are multiples of a "nice" width (1, 2 or 5 × 10^n), so one edge falls exactly on zero and a
// gap histogram splits cleanly into "canonical loses" and "canonical wins".

export interface Bin {
  from: number;
  to: number;
  counts: number[];
}

export function niceWidth(span: number, bins: number): number {
  if (!(span > 0)) return 1e-3;
  const raw = span / bins;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

/** One count per series in every bin; a value on an edge belongs to the bin above it. */
export function histogram(series: readonly (readonly number[])[], targetBins = 30): Bin[] {
  const values = series.flat();
  if (values.length === 0) return [];
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const w = niceWidth(hi - lo, targetBins);
  // The epsilon keeps a value on an edge (0.6 / 0.05 = 11.999…) in the bin above it.
  const index = (v: number) => Math.floor(v / w + 1e-9);
  const start = index(lo), end = index(hi) + 1;
  const bins: Bin[] = [];
  for (let i = start; i < end; i++) bins.push({ from: round(i * w), to: round((i + 1) * w), counts: series.map(() => 0) });
  series.forEach((values, s) => {
    for (const v of values) {
      const i = Math.min(bins.length - 1, Math.max(0, index(v) - start));
      bins[i].counts[s]++;
    }
  });
  return bins;
}

// Edges as decimals without binary noise (0.30000000000000004 → 0.3).
function round(x: number): number {
  return Number(x.toPrecision(12));
}
