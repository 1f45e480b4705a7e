import Link from "next/link";
import { drilldownPath } from "@/components/benchmark/paths";
import { humanize } from "@/components/ui/format";
import type { CompareCandidate, CompareQuery } from "@/lib/pages/compare";

// Long lists show their first LIMIT queries until the reader asks for all (keeps the page light).
const LIMIT = 100;

function List({ title, queries, solver, other, allHref }: { title: string; queries: CompareQuery[]; solver: CompareCandidate; other: CompareCandidate; allHref: string | null }) {
  const shown = allHref ? queries.slice(0, LIMIT) : queries;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({queries.length})</span>
      </h3>
      {queries.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          {shown.map((q) => (
            <li key={q.queryId} className="dl-row">
              <span className="min-w-0">
                <span className="dl-fn">{q.functionName}</span> <span className="dl-dom">{humanize(q.domain)}</span>
              </span>
              <span className="flex gap-3 text-xs">
                <Link href={drilldownPath(solver.submissionId, q.queryId)} className="dl-yes" aria-label={`${q.functionName} under ${solver.model} (solves it)`}>
                  {`${solver.model} ✓`}
                </Link>
                <Link href={drilldownPath(other.submissionId, q.queryId)} className="dl-no" aria-label={`${q.functionName} under ${other.model} (misses it)`}>
                  {`${other.model} ✗`}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {allHref && queries.length > LIMIT && (
        <p className="mt-2 text-sm">
          {LIMIT} of {queries.length} shown.{" "}
          <a href={allHref} className="text-emerald-800 underline underline-offset-2">
            Show all
          </a>
        </p>
      )}
    </section>
  );
}

// The queries behind a pair's discordant counts: solved within the top k by one system and not
// the other, each opening both systems' drilldowns.
export function DiscordantLists({ a, b, k, aOnly, bOnly, allHref }: { a: CompareCandidate; b: CompareCandidate; k: number; aOnly: CompareQuery[]; bOnly: CompareQuery[]; allHref: string | null }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <List title={`Only ${a.model} solves (exec@${k})`} queries={aOnly} solver={a} other={b} allHref={allHref} />
      <List title={`Only ${b.model} solves (exec@${k})`} queries={bOnly} solver={b} other={a} allHref={allHref} />
    </div>
  );
}
