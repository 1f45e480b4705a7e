import { CiValue } from "@/components/ui/ci-value";
import type { MetricValue } from "@/lib/submissions/serialize";

// A metric with its 95% bootstrap interval: numbers shown to readers carry their uncertainty.
export function MetricCell({ metric, emphasis = false }: { metric: MetricValue | null | undefined; emphasis?: boolean }) {
  if (!metric) return <td className="px-2 py-2 text-right text-slate-400">—</td>;
  return (
    <td className={`whitespace-nowrap px-2 py-2 text-right tabular-nums ${emphasis ? "bg-slate-50/80" : ""}`}>
      <CiValue value={metric.value} ci={metric.ci95} strong={emphasis} />
    </td>
  );
}
