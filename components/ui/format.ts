// Number formats shared by every reader page: metrics to three decimals with their interval,
// p-values in scientific notation when small, shares as percentages.
export const fmt3 = (v: number) => v.toFixed(3);

export function fmtCi(ci: readonly [number, number], digits = 3): string {
  return `[${ci[0].toFixed(digits)}, ${ci[1].toFixed(digits)}]`;
}

export function fmtSigned(v: number, digits = 3): string {
  const s = v.toFixed(digits);
  return v > 0 && s !== (0).toFixed(digits) ? `+${s}` : s.replace(/^-(0\.0+)$/, "$1");
}

export function fmtPct(v: number, digits = 1): string {
  return `${(v * 100).toFixed(digits)}%`;
}

export function fmtP(p: number): string {
  if (p >= 0.001) return p.toFixed(3);
  if (p === 0) return "< 1e-300";
  const [m, e] = p.toExponential(1).split("e");
  return `${m}e${e}`;
}

/** A count that may be an expectation over tie orders: whole numbers as such, else one decimal. */
export function fmtCount(v: number): string {
  const r = Math.round(v);
  return Math.abs(v - r) < 1e-9 ? r.toLocaleString("en") : v.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A chance in percent that never rounds to a verdict it is not: "< 1%", "> 99%". */
export function fmtPctChance(v: number): string {
  return v > 0 && v < 0.005 ? "< 1%" : v < 1 && v > 0.995 ? "> 99%" : `${Math.round(v * 100)}%`;
}

/** A probability that is usually 0 or 1 (a verdict), else a chance over tie orders. */
export function fmtChance(v: number): string {
  return v === 1 ? "✓" : v === 0 ? "✗" : fmtPctChance(v);
}

export function fmtDate(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "—";
}

export const humanize = (s: string) => s.replaceAll("_", " ");

/** A parameter count as readers say it: 335M, 7.1B, 22M. */
export function fmtParams(n: number | null): string {
  if (n === null) return "—";
  const units: [number, string][] = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
  for (const [size, unit] of units) {
    if (n >= size) {
      const v = n / size;
      return `${v >= 100 ? Math.round(v) : Number(v.toPrecision(2))}${unit}`;
    }
  }
  return String(n);
}
