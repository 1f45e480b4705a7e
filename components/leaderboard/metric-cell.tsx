import { CiValue } from "@/components/ui/ci-value";
import type { MetricValue } from "@/lib/submissions/serialize";

// A metric with its 95% bootstrap interval: numbers shown to readers carry their uncertainty.
export function MetricCell({ metric, emphasis = false }: { metric: MetricValue | null | undefined; emphasis?: boolean }) {
  if (!metric) return <td className="num-cell text-slate-400">—</td>;
  return (
    <td className={emphasis ? "num-cell bg-slate-50/80" : "num-cell"}>
      <CiValue value={metric.value} ci={metric.ci95} strong={emphasis} />
    </td>
  );
}
