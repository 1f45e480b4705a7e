import Link from "next/link";
import { bugLabel } from "@/components/drilldown/role-label";
import { fmtPct, humanize } from "@/components/ui/format";
import type { ModelQueryRow } from "@/lib/pages/model-queries";
import { DataTable } from "@/components/ui/data-table";

function Rank1({ r }: { r: ModelQueryRow["rank1"] }) {
  if (!r) return <span className="text-slate-500">nothing retrieved</span>;
  if (r.outcome === "tied") {
    // At rank 1, exec@1 of a tie group of g with p passing members is exactly p / g.
    const passing = Math.round(r.exec1 * r.tied);
    return (
      <span className="text-amber-900">
        tied ×{r.tied}
        <span className="ml-1 text-xs text-slate-700">
          ({passing} of {r.tied} pass{passing === 1 ? "es" : ""}: rank 1 passes in {fmtPct(r.exec1, 0)} of orders)
        </span>
      </span>
    );
  }
  if (r.outcome === "pass") {
    return (
      <span className="text-emerald-800">
        <span aria-hidden>✓ </span>passes
      </span>
    );
  }
  return (
    <span className="text-rose-800">
      <span aria-hidden>✗ </span>
      {r.outcome === "own_distractor" ? bugLabel(r.bugType) : r.outcome === "none" ? "nothing retrieved" : "other query's code"}
      <span className="sr-only"> (fails)</span>
    </span>
  );
}

const FIRST_PASS: Record<number, string> = { 1: "1", 3: "2–3", 5: "4–5", 10: "6–10" };

const FIRST_PASS_HEADING = (
  <abbr title="The ranks within which a passing snippet is certain to appear, whatever the order of tied snippets" className="no-underline">
    First pass
  </abbr>
);

// One submission's per-query outcomes; each query links to its drilldown.
export function QueryTable({ submissionId, rows }: { submissionId: string; rows: ModelQueryRow[] }) {
  return (
    <DataTable caption="Per-query outcomes" testId="query-table" className="min-w-full text-sm" headClassName="border-b border-slate-200 text-left text-xs text-slate-600" cell="py-2 pr-3 font-semibold"
      columns={["Query", "Domain", "Rank 1", { label: "Canonical rank", className: "py-2 pr-3 text-right font-semibold" }, { key: "first-pass", label: FIRST_PASS_HEADING, className: "py-2 pr-3 text-right font-semibold" }, { label: "Gap", className: "py-2 text-right font-semibold" }]}
    >
      {rows.map((r) => (
        <tr key={r.queryId} className="hover:bg-slate-50">
          <td className="py-1.5 pr-3">
            <Link href={`/submissions/${submissionId}/queries/${encodeURIComponent(r.queryId)}`} className="font-mono text-emerald-800 underline-offset-2 hover:underline">
              {r.functionName}
            </Link>
            <span className="ml-2 font-mono text-xs text-slate-500">{r.queryId}</span>
          </td>
          <td className="whitespace-nowrap py-1.5 pr-3 text-slate-700">{humanize(r.domain)}</td>
          <td className="whitespace-nowrap py-1.5 pr-3">
            <Rank1 r={r.rank1} />
          </td>
          <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">
            {r.canonicalRank === null ? "> 10" : r.canonicalTie > 1 ? `${r.canonicalRank}–${r.canonicalRank + r.canonicalTie - 1} (tied ×${r.canonicalTie})` : r.canonicalRank}
          </td>
          <td className="py-1.5 pr-3 text-right tabular-nums">{r.firstPassK ? FIRST_PASS[r.firstPassK] : "none in top 10"}</td>
          <td className={`py-1.5 text-right font-mono text-xs tabular-nums ${r.gap !== null && r.gap < 0 ? "text-rose-800" : "text-slate-700"}`}>
            {r.gap === null ? "—" : r.gap > 0 ? `+${r.gap.toFixed(4)}` : r.gap.toFixed(4)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
