import Link from "next/link";
import { fmtChance, fmtPctChance } from "@/components/ui/format";
import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";
import { CodeWithEdit } from "./code-with-edit";
import { roleLabel } from "./role-label";

export function SnippetCard({ snippet, tests }: { snippet: DrilldownSnippet; tests: string[] }) {
  const s = snippet;
  return (
    <article
      className={`rounded-xl border bg-white p-4 shadow-sm ${s.passes ? "border-emerald-300" : "border-rose-200"}`}
      aria-label={`${s.tie ? `Tied for ranks ${s.tie.from} to ${s.tie.to}` : `Rank ${s.rank}`}: ${roleLabel(s)}`}
    >
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{s.tie ? `Ranks ${s.tie.from}–${s.tie.to}` : `Rank ${s.rank}`}</span>
        {s.tie && <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">tied ×{s.tie.size}</span>}
        <span className="font-mono text-slate-600">score {s.score.toFixed(4)}</span>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{roleLabel(s)}</span>
        <span className="font-mono text-xs text-slate-600">{s.corpusId}</span>
        <span className={`ml-auto font-medium ${s.passes ? "text-emerald-700" : "text-rose-700"}`}>
          {s.passes ? "passes" : "fails"} {s.testsPassed}/{tests.length} tests
        </span>
      </header>
      {s.bugDescription && s.role === "distractor" && <p className="mb-2 text-sm text-slate-700">{s.bugDescription}</p>}
      {s.role === "other" && (
        <p className="mb-2 text-sm text-slate-600">
          Written for <span className="font-mono">{s.ownerQueryId}</span>; it does not define this query&apos;s function.
        </p>
      )}
      <CodeWithEdit code={s.code} edit={s.edit} />
      {s.outcomes && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Test outcomes">
          {s.outcomes.map((o, i) => (
            <li
              key={i}
              title={`${tests[i]} → ${o}`}
              className={`rounded px-1.5 py-0.5 font-mono text-xs ${o === "pass" ? "bg-emerald-100 text-emerald-800" : "bg-rose-100 text-rose-800"}`}
            >
              t{i + 1}: {o}
            </li>
          ))}
        </ul>
      )}
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
