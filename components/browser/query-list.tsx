import Link from "next/link";
import { queryPath } from "@/components/benchmark/paths";
import { bugLabel } from "@/components/drilldown/role-label";
import { fmtCount, humanize } from "@/components/ui/format";
import type { BrowserQuery } from "@/lib/pages/query-browser";
import { DataTable } from "@/components/ui/data-table";

// The browser's list of queries: each opens the query's page (its code, its distractors and
// every published system's outcome on it).
export function QueryList({ rows, systems, slug, version }: { rows: BrowserQuery[]; systems: number; slug: string; version: string }) {
  return (
    <DataTable caption="Queries" testId="query-browser" className="min-w-full text-sm" headClassName="border-b border-slate-200 text-left text-xs text-slate-600" cell="py-2 pr-3 font-semibold"
      columns={["Query", "Domain", { label: "Solved at rank 1 by", className: "py-2 pr-3 text-right font-semibold" }, { label: "Distractor bug types", className: "py-2 font-semibold" }]}
    >
      {rows.map((q) => (
        <tr key={q.queryId} className="align-top hover:bg-slate-50">
          <td className="max-w-md py-2 pr-3">
            <Link href={queryPath(slug, version, q.queryId)} className="font-mono font-medium text-emerald-800 underline-offset-2 hover:underline">
              {q.functionName}
            </Link>
            <span className="ml-2 font-mono text-xs text-slate-500">{q.queryId}</span>
            <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{q.text}</p>
          </td>
          <td className="whitespace-nowrap py-2 pr-3 text-slate-700">{humanize(q.domain)}</td>
          <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
            {q.solvedBy === null ? (
              "—"
            ) : (
              <>
                <span className={`font-semibold ${q.solvedBy === 0 ? "text-rose-800" : "text-slate-900"}`}>{fmtCount(q.solvedBy)}</span>
                <span className="text-slate-500"> of {systems}</span>
              </>
            )}
          </td>
          <td className="py-2">
            <ul className="flex flex-wrap gap-1" aria-label="bug types">
              {q.bugTypes.map((b) => (
                <li key={b} className="chip">
                  {bugLabel(b)}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
