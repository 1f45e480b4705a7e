import type { Stat } from "@/lib/analysis/stat";
import { CiValue } from "@/components/ui/ci-value";
import { fmtCi, fmtPct } from "@/components/ui/format";

const fmtSigned4 = (v: number) => (v > 0 ? `+${v.toFixed(4)}` : v.toFixed(4));

// An analysis figure: its value with the 95% interval, or "not available" with the reason
// (e.g. a ranking submission that never scored a distractor). Never a guess.
export function StatValue({ stat, percent = false, signed = false, align = "end" }: { stat: Stat; percent?: boolean; signed?: boolean; align?: "start" | "end" }) {
  if (!stat.available) {
    return (
      <span className="text-sm text-slate-500">
        not available <span className="block text-xs">({stat.reason})</span>
      </span>
    );
  }
  const format = percent ? fmtPct : signed ? fmtSigned4 : undefined;
  return <CiValue value={stat.value} ci={stat.ci95} align={align} format={format} />;
}

export function statText(stat: Stat, percent = false): string {
  if (!stat.available) return `not available (${stat.reason})`;
  return percent ? `${fmtPct(stat.value)} [${fmtPct(stat.ci95[0])}, ${fmtPct(stat.ci95[1])}]` : `${stat.value.toFixed(3)} ${fmtCi(stat.ci95)}`;
}
