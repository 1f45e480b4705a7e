import type { Stat } from "@/lib/analysis/stat";
import { CiValue } from "@/components/ui/ci-value";
import { fmtCi, fmtPct } from "@/components/ui/format";

// An analysis figure: its value with the 95% interval, or "not available" with the reason
// (e.g. a ranking submission that never scored a distractor). Never a guess.
export function StatValue({ stat, percent = false, signed = false, align = "end" }: { stat: Stat; percent?: boolean; signed?: boolean; align?: "start" | "end" }) {
  const box = align === "start" ? "ci ci-start" : "ci";
  if (!stat.available) {
    return (
      <span className="text-sm text-slate-500">
        not available <span className="block text-xs">({stat.reason})</span>
      </span>
    );
  }
  if (percent) {
    return (
      <span className={box}>
        <span className="font-semibold text-slate-900">{fmtPct(stat.value)}</span>
        <span className="ci-band">
          <span className="sr-only">95% CI </span>[{fmtPct(stat.ci95[0])}, {fmtPct(stat.ci95[1])}]
        </span>
      </span>
    );
  }
  if (signed) {
    const f = (v: number) => (v > 0 ? `+${v.toFixed(4)}` : v.toFixed(4));
    return (
      <span className={box}>
        <span className="font-semibold text-slate-900">{f(stat.value)}</span>
        <span className="ci-band">
          <span className="sr-only">95% CI </span>[{f(stat.ci95[0])}, {f(stat.ci95[1])}]
        </span>
      </span>
    );
  }
  return <CiValue value={stat.value} ci={stat.ci95} align={align} />;
}

export function statText(stat: Stat, percent = false): string {
  if (!stat.available) return `not available (${stat.reason})`;
  return percent ? `${fmtPct(stat.value)} [${fmtPct(stat.ci95[0])}, ${fmtPct(stat.ci95[1])}]` : `${stat.value.toFixed(3)} ${fmtCi(stat.ci95)}`;
}
