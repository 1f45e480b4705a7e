import type { MetricTable } from "@/lib/submissions/serialize";

const ROWS = [
  { name: "exec", label: "exec@k", help: "at least one of the top k passes every test" },
  { name: "execution_precision", label: "execution_precision@k", help: "fraction of the top k that passes" },
  { name: "ndcg", label: "nDCG@k", help: "rank of the query's canonical (identity, not execution)" },
] as const;

export function MetricsTable({ metrics }: { metrics: MetricTable }) {
  return (
    <table className="min-w-full text-sm" aria-label="Metrics with 95% bootstrap intervals">
      <thead className="text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th className="py-2 pr-4 text-left">Metric</th>
          {[1, 3, 5, 10].map((k) => (
            <th key={k} className="px-3 py-2 text-right normal-case">
              k = {k}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((r) => (
          <tr key={r.name} className="border-t border-slate-100">
            <th scope="row" className="py-2 pr-4 text-left font-medium" title={`${r.help}; higher is better`}>
              {r.label}
            </th>
            {[1, 3, 5, 10].map((k) => {
              const m = metrics[r.name][String(k)];
              return (
                <td key={k} className="px-3 py-2 text-right tabular-nums">
                  {m ? (
                    <>
                      <div className="font-medium">{m.value.toFixed(3)}</div>
                      <div className="text-xs text-slate-500">
                        [{m.ci95[0].toFixed(3)}, {m.ci95[1].toFixed(3)}]
                      </div>
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
