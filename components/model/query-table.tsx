import Link from "next/link";
import { bugLabel } from "@/components/drilldown/role-label";
import type { SubmissionQueryRow } from "@/lib/submissions/list-submission-queries";

export function QueryTable({ submissionId, rows }: { submissionId: string; rows: SubmissionQueryRow[] }) {
  return (
    <table className="min-w-full text-sm" data-testid="query-table">
      <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th className="py-2 pr-4">Query</th>
          <th className="py-2 pr-4">Domain</th>
          <th className="py-2 pr-4">Rank 1</th>
          <th className="py-2 pr-4 text-right">Canonical rank</th>
          <th className="py-2 text-right">First pass</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.queryId} className="border-t border-slate-100 hover:bg-slate-50">
            <td className="py-1.5 pr-4">
              <Link href={`/submissions/${submissionId}/queries/${r.queryId}`} className="font-mono text-emerald-700 hover:underline">
                {r.functionName}
              </Link>
              <span className="ml-2 font-mono text-xs text-slate-400">{r.queryId}</span>
            </td>
            <td className="py-1.5 pr-4 text-slate-600">{r.domain.replaceAll("_", " ")}</td>
            <td className="py-1.5 pr-4">
              {r.rank1 && (
                <span className={r.rank1.passes ? "text-emerald-700" : "text-rose-700"}>
                  {r.rank1.passes ? "✓" : "✗"}{" "}
                  {r.rank1.role === "canonical" ? "canonical" : r.rank1.role === "distractor" ? bugLabel(r.rank1.bugType) : "other query"}
                </span>
              )}
            </td>
            <td className="py-1.5 pr-4 text-right tabular-nums">{r.canonicalRank ?? "> 10"}</td>
            <td className="py-1.5 text-right tabular-nums">{r.firstPassingRank ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
