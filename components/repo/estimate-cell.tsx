import type { Estimate } from "@/lib/repo-metrics/estimate";

// A mean with its 95% interval, in a table cell.
export function EstimateCell({ e, strong = false }: { e: Estimate | null | undefined; strong?: boolean }) {
  if (!e) return <td className="num-cell text-slate-400">—</td>;
  return (
    <td className={strong ? "num-cell bg-slate-50/80" : "num-cell"}>
      <span className={`tabular-nums ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>{e.value.toFixed(3)}</span>
      <span className="block text-[11px] tabular-nums text-slate-500">
        [{e.ciLow.toFixed(3)}, {e.ciHigh.toFixed(3)}]
      </span>
    </td>
  );
}
