import { DataTable, type Column } from "@/components/ui/data-table";

// A compact metric × k table with 95% intervals, for the status and review pages (the model page
// has the full treatment): the metric families of the benchmark's kind (its presentation), in
// its order and with its labels; without them, every metric the submission has, as <name>@k.
type Table = Record<string, Record<string, { value: number; ci95: [number, number] }>>;

export interface MetricFamily {
  name: string;
  label: string;
  ks: readonly number[];
}

export function MetricsSummary({ metrics, caption, families }: { metrics: Table; caption: string; families?: readonly MetricFamily[] }) {
  const shown = families ?? Object.keys(metrics).map((name) => ({ name, label: name, ks: Object.keys(metrics[name]).map(Number) }));
  const ROWS = shown.map((f) => [f.name, `${f.label}@k`] as const);
  const KS = [...new Set(shown.flatMap((f) => f.ks))].sort((a, b) => a - b).map(String);
  const columns: Column[] = ["Metric", ...KS.map((k) => ({ label: `k = ${k}`, className: "py-1 pr-3 text-right font-medium", key: k }))];
  return (
    <DataTable
      caption={caption}
      captionClassName="mb-2 text-left text-sm text-slate-600"
      scroll="Metrics"
      columns={columns}
      cell="py-1 pr-3 font-medium"
      className="w-full text-sm"
      headClassName="border-b border-slate-200 text-left text-slate-600"
      bodyClassName=""
    >
      {ROWS.map(([name, label]) => (
        <tr key={name} className="border-b border-slate-100 last:border-0">
          <th scope="row" className="py-1.5 pr-3 text-left font-medium">
            {label}
          </th>
          {KS.map((k) => {
            const m = metrics[name]?.[k];
            return (
              <td key={k} className="py-1.5 pr-3 text-right tabular-nums">
                {m ? (
                  <>
                    {m.value.toFixed(3)}
                    <span className="block text-xs text-slate-500 sm:whitespace-nowrap">
                      <span className="sr-only">95% interval </span>
                      {m.ci95[0].toFixed(3)}–{m.ci95[1].toFixed(3)}
                    </span>
                  </>
                ) : (
                  "—"
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}
