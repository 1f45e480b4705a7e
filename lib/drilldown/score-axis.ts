// The drilldown's similarity axis: round ticks covering every score of the executed list (the
// top 10 and anything tied with the 10th), so the top-5 and top-10 views share one scale and a
// bar's length means the same in both. Similarity scores near the top are close together, so
// the axis starts at a round value below the lowest score rather than at 0, and says so.
export interface ScoreAxis {
  min: number;
  max: number;
  ticks: number[];
  /** True when the axis does not start at 0 (the page says where it starts). */
  truncated: boolean;
}

function niceStep(span: number, target: number): number {
  const raw = span / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nice * mag;
}

// Ticks as round decimals (0.1 + 0.2 prints as 0.3, not 0.30000000000000004).
function tidy(v: number, step: number): number {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(v.toFixed(digits));
}

export function scoreAxis(scores: readonly number[], target = 4): ScoreAxis {
  const finite = scores.filter(Number.isFinite);
  if (finite.length === 0) return { min: 0, max: 1, ticks: [0, 0.5, 1], truncated: false };
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (hi === lo) {
    const pad = Math.abs(hi) * 0.05 || 0.05;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, target);
  // One step of room below the lowest score, so its bar is never empty.
  let min = (Math.floor(lo / step) - 1) * step;
  const max = Math.ceil(hi / step) * step;
  if (lo >= 0 && min < 0) min = 0;
  const ticks: number[] = [];
  for (let t = min; t <= max + step / 2; t += step) ticks.push(tidy(t, step));
  return { min: tidy(min, step), max: tidy(max, step), ticks, truncated: min > 0 };
}

/** Where a score falls on the axis, 0..1. */
export function axisPosition(axis: ScoreAxis, score: number): number {
  return Math.min(1, Math.max(0, (score - axis.min) / (axis.max - axis.min || 1)));
}
