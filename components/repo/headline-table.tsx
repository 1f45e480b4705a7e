import Link from "next/link";
import type { RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import type { PairedResult } from "@/lib/repo-metrics/paired";
import { HEADLINE_METRICS, metricLabel } from "@/lib/repo-metrics/definitions";
import { estimateOf, type Scope } from "@/lib/repo-board/scope";
import type { Column } from "@/components/ui/data-table";
import { fmtP, fmtSigned } from "@/components/ui/format";
import { EstimateCell } from "./estimate-cell";
import { firstColumn, RepoTable, RowHead } from "./repo-table";

// The columns of a table of headline metrics: what a row is, then every headline metric.
export function headlineColumns(first: string): Column[] {
  return [firstColumn(first), ...HEADLINE_METRICS.map((m) => ({ label: metricLabel(m), className: "whitespace-nowrap px-2 py-2 text-right", key: m }))];
}

// A published run as a row of HeadlineTable, its model linking to the run's page.
export function runRow(r: { submissionId: string; model: string; analysis: RunAnalysis }) {
  return {
    key: r.submissionId,
    label: (
      <Link href={`/submissions/${r.submissionId}`} className="underline-offset-2 hover:underline">
        {r.model}
      </Link>
    ),
    analysis: r.analysis,
  };
}

// Runs side by side: every headline metric of each with its interval, in one scope.
export function HeadlineTable({ rows, scope, caption, testId }: { rows: { key: string; label: React.ReactNode; analysis: RunAnalysis; strong?: boolean }[]; scope: Scope; caption: string; testId: string }) {
  return (
    <RepoTable caption={caption} testId={testId} columns={headlineColumns("Run")}>
      {rows.map((r) => (
        <tr key={r.key} className={r.strong ? "bg-emerald-50/60" : ""} data-testid={r.strong ? `${testId}-strong` : undefined}>
          <RowHead className={r.strong ? "font-semibold text-slate-900" : "font-medium"}>{r.label}</RowHead>
          {HEADLINE_METRICS.map((m) => (
            <EstimateCell key={m} e={estimateOf(r.analysis, scope, m)} strong={r.strong} />
          ))}
        </tr>
      ))}
    </RepoTable>
  );
}

// A paired difference in a table cell: the delta (bold when p < 0.05), its interval and p.
export function PairedCell({ result }: { result: PairedResult | null }) {
  if (!result) return <td className="num-cell">—</td>;
  return (
    <td className="num-cell">
      <span className={result.pValue < 0.05 ? "font-semibold" : ""}>{fmtSigned(result.delta)}</span>
      <span className="block text-[11px] text-slate-500">
        [{fmtSigned(result.ciLow)}, {fmtSigned(result.ciHigh)}] p = {fmtP(result.pValue)}
      </span>
    </td>
  );
}
