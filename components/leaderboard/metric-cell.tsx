import type { MetricValue } from "@/lib/submissions/serialize";

// A metric with its 95% bootstrap interval: numbers shown to readers carry their uncertainty.
export function MetricCell({ metric }: { metric: MetricValue | undefined }) {
  if (!metric) return <td className="px-3 py-2 text-right text-slate-400">—</td>;
  return (
    <td className="px-3 py-2 text-right tabular-nums">
      <div className="font-medium">{metric.value.toFixed(3)}</div>
      <div className="text-xs text-slate-500">
        [{metric.ci95[0].toFixed(3)}, {metric.ci95[1].toFixed(3)}]
      </div>
    </td>
  );
}
