import Link from "next/link";
import { fmtChance, fmtPctChance } from "@/components/ui/format";
import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";
import { passSummary } from "@/lib/drilldown/test-results";
import { CodeWithEdit } from "./code-with-edit";
import { roleLabel } from "./role-label";
import { TestTable } from "./test-table";

// One retrieved snippet: where it ranks, what it is, its code (a distractor's edit shown in place)
// and every test with its outcome.
export function SnippetCard({ snippet }: { snippet: DrilldownSnippet }) {
  const s = snippet;
  const place = s.tie ? `Ranks ${s.tie.from}–${s.tie.to}` : `Rank ${s.rank}`;
  return (
    <article
      className={`rounded-xl border bg-white p-4 shadow-sm ${s.passes ? "border-emerald-300" : "border-rose-200"}`}
      aria-label={`${s.tie ? `Tied for ranks ${s.tie.from} to ${s.tie.to}` : `Rank ${s.rank}`}: ${roleLabel(s)}`}
      data-testid="snippet-card"
    >
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{place}</span>
        {s.tie && <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">tied ×{s.tie.size}</span>}
        <span className="font-mono text-slate-600">score {s.score.toFixed(4)}</span>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{roleLabel(s)}</span>
        <span className="font-mono text-xs text-slate-600">{s.corpusId}</span>
        <span data-testid="pass-summary" className={`ml-auto font-medium ${s.passes ? "text-emerald-800" : "text-rose-800"}`}>
          {s.outcomes ? passSummary(s.testsPassed, s.tests.length) : "not executed"}
        </span>
      </header>
      {s.bugDescription && s.role === "distractor" && <p className="mb-2 text-sm text-slate-700">{s.bugDescription}</p>}
      {s.role === "other" && (
        <p className="mb-2 text-sm text-slate-600">
          Written for <span className="font-mono">{s.ownerQueryId}</span>; it does not define this query&apos;s function.
        </p>
      )}
      <CodeWithEdit code={s.code} edit={s.edit} label={`Code of ${place.toLowerCase()}, ${roleLabel(s)} (${s.corpusId})`} />
      <TestTable tests={s.tests} passed={s.testsPassed} caption={`Tests of ${s.corpusId}: assert, outcome, exception and returned value`} />
    </article>
  );
}

export function OtherSubmissionLinks({ queryId, others }: { queryId: string; others: { id: string; model: string; rank1: number | null }[] }) {
  if (others.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 text-sm">
      {others.map((o) => (
        <li key={o.id}>
          <Link href={`/submissions/${o.id}/queries/${queryId}`} className="inline-block rounded-md border border-slate-200 bg-white px-2 py-1 hover:border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600">
            {o.model}{" "}
            <span aria-hidden className={o.rank1 === 1 ? "text-emerald-700" : o.rank1 === 0 || o.rank1 === null ? "text-rose-700" : "text-amber-800"}>
              {o.rank1 === null ? "✗" : fmtChance(o.rank1)}
            </span>
            <span className="sr-only">
              {o.rank1 === null ? "(not ranked)" : o.rank1 === 1 ? "(rank 1 passes)" : o.rank1 === 0 ? "(rank 1 fails)" : `(rank 1 passes in ${fmtPctChance(o.rank1)} of tie orders)`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
