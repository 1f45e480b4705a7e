import { CiLineChart } from "@/components/charts/ci-line-chart";
import type { PoolDensity } from "@/lib/analysis/pool-density";
import { AnalysisTable } from "./analysis-table";
import { StatValue } from "./stat-value";

// Table 4 of the paper for one system: expected exec@1 when every query keeps only d of its own
// distractors (exact expectation over the kept subsets; the rest of the pool unchanged).
export function PoolDensitySection({ p }: { p: PoolDensity }) {
  const points = p.rows.flatMap((r) => (r.expectedExec1.available ? [{ x: r.retained, value: r.expectedExec1.value, ci: r.expectedExec1.ci95 }] : []));
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <AnalysisTable
        caption="Expected exec@1 by distractors retained per query"
        columns={["Own distractors kept", "Expected exec@1 (95% CI)"]}
        rows={p.rows.map((r) => ({
          key: r.retained,
          head: (
            <span className="tabular-nums">
              {r.retained}
              {r.retained === p.maxDistractors && <span className="ml-1 text-xs text-slate-500">(all: the shipped pool)</span>}
              {r.retained === 0 && <span className="ml-1 text-xs text-slate-500">(no near-clone)</span>}
            </span>
          ),
          cells: [<StatValue key="exec1" stat={r.expectedExec1} />],
        }))}
      />
      {points.length > 1 && (
        <div role="img" aria-label="Expected exec@1 against distractors kept, with 95% band; the numbers are in the table.">
          <CiLineChart points={points} xLabel="own distractors kept" yLabel="expected exec@1" ticks={p.rows.map((r) => r.retained)} />
        </div>
      )}
    </div>
  );
}
