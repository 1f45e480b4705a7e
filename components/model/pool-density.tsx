import { CiLineChart } from "@/components/charts/ci-line-chart";
import type { PoolDensity } from "@/lib/analysis/pool-density";
import { DataTable } from "@/components/ui/data-table";
import { StatValue } from "./stat-value";

// Table 4 of the paper for one system: expected exec@1 when every query keeps only d of its own
// distractors (exact expectation over the kept subsets; the rest of the pool unchanged).
export function PoolDensitySection({ p }: { p: PoolDensity }) {
  const points = p.rows.flatMap((r) => (r.expectedExec1.available ? [{ x: r.retained, value: r.expectedExec1.value, ci: r.expectedExec1.ci95 }] : []));
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <DataTable scroll={false} caption="Expected exec@1 by distractors retained per query" className="min-w-full text-sm" headClassName="border-b border-slate-200 text-xs text-slate-600"
        columns={[{ label: "Own distractors kept", className: "py-1.5 pr-2 text-left font-semibold" }, { label: "Expected exec@1 (95% CI)", className: "py-1.5 text-right font-semibold" }]}
      >
        {p.rows.map((r) => (
          <tr key={r.retained}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal tabular-nums">
              {r.retained}
              {r.retained === p.maxDistractors && <span className="ml-1 text-xs text-slate-500">(all: the shipped pool)</span>}
              {r.retained === 0 && <span className="ml-1 text-xs text-slate-500">(no near-clone)</span>}
            </th>
            <td className="py-1.5 text-right">
              <StatValue stat={r.expectedExec1} />
            </td>
          </tr>
        ))}
      </DataTable>
      {points.length > 1 && (
        <div role="img" aria-label="Expected exec@1 against distractors kept, with 95% band; the numbers are in the table.">
          <CiLineChart points={points} xLabel="own distractors kept" yLabel="expected exec@1" ticks={p.rows.map((r) => r.retained)} />
        </div>
      )}
    </div>
  );
}
