import { CiValue } from "@/components/ui/ci-value";
import type { MetricTable } from "@/lib/submissions/serialize";
import { DataTable } from "@/components/ui/data-table";

const ROWS = [
  { name: "exec", label: "exec@k", help: "share of queries with a passing snippet in the top k" },
  { name: "execution_precision", label: "execution_precision@k", help: "fraction of the top k that passes every test" },
  { name: "ndcg", label: "nDCG@k", help: "rank of the query's canonical (identity, not execution)" },
] as const;
const KS = [1, 3, 5, 10];

// Every headline metric at every k with its 95% bootstrap interval.
export function MetricsTable({ metrics }: { metrics: MetricTable }) {
  return (
    <DataTable
      caption="Metrics with 95% bootstrap intervals"
      scroll="Metrics"
      className="min-w-full text-sm"
      headClassName="border-b border-slate-200 text-xs text-slate-600"
      cell="px-2 py-2 text-right font-semibold"
      columns={[{ label: "Metric", className: "py-2 pr-3 text-left font-semibold" }, ...KS.map((k) => `k = ${k}`)]}
    >
      {ROWS.map((r) => (
        <tr key={r.name}>
          <th scope="row" className="py-2 pr-3 text-left align-top font-medium text-slate-900">
            {r.label}
            <span className="block text-xs font-normal text-slate-500">{r.help}; higher is better</span>
          </th>
          {KS.map((k) => {
            const m = metrics[r.name][String(k)];
            return (
              <td key={k} className="px-2 py-2 text-right align-top tabular-nums">
                {m ? <CiValue value={m.value} ci={m.ci95} /> : "—"}
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}
