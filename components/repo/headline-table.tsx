import Link from "next/link";
import type { RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import type { PairedResult } from "@/lib/repo-metrics/paired";
import { HEADLINE_METRICS, metricLabel } from "@/lib/repo-metrics/definitions";
import { estimateOf, type Scope } from "@/lib/repo-board/scope";
import { fmtP, fmtSigned } from "@/components/ui/format";
import { ScrollBox } from "@/components/ui/scroll-box";
import { EstimateCell } from "./estimate-cell";

export function HeadlineHead({ first }: { first: string }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-700">
      <tr>
        <th scope="col" className="px-2 py-2 text-left">
          {first}
        </th>
        {HEADLINE_METRICS.map((m) => (
          <th key={m} scope="col" className="whitespace-nowrap px-2 py-2 text-right">
            {metricLabel(m)}
          </th>
        ))}
      </tr>
    </thead>
  );
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
    <ScrollBox label={caption} className="rounded-lg border border-slate-200">
      <table className="min-w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <HeadlineHead first="Run" />
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key} className={r.strong ? "bg-emerald-50/60" : ""} data-testid={r.strong ? `${testId}-strong` : undefined}>
              <th scope="row" className={`px-2 py-2 text-left ${r.strong ? "font-semibold text-slate-900" : "font-medium"}`}>
                {r.label}
              </th>
              {HEADLINE_METRICS.map((m) => (
                <EstimateCell key={m} e={estimateOf(r.analysis, scope, m)} strong={r.strong} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
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
