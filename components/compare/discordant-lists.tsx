import Link from "next/link";
import { drilldownPath } from "@/components/benchmark/paths";
import { fmtChance, fmtCount, fmtPctChance, humanize } from "@/components/ui/format";
import type { CompareCandidate } from "@/lib/pages/compare";
import type { DiscordantQuery } from "@/lib/pages/discordant";

// Long lists show their first LIMIT queries until the reader asks for all (keeps the page light).
const LIMIT = 100;

function List({ title, queries, solver, other, side, allHref }: { title: string; queries: DiscordantQuery[]; solver: CompareCandidate; other: CompareCandidate; side: "a" | "b"; allHref: string | null }) {
  const shown = allHref ? queries.slice(0, LIMIT) : queries;
  const mine = (q: DiscordantQuery) => (side === "a" ? q.a : q.b), theirs = (q: DiscordantQuery) => (side === "a" ? q.b : q.a);
  const expected = queries.reduce((sum, q) => sum + mine(q) * (1 - theirs(q)), 0);
  const certain = queries.every((q) => mine(q) === 1 && theirs(q) === 0);
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">
        {title}{" "}
        <span className="font-normal text-slate-600">
          ({queries.length}
          {!certain && `; expected ${fmtCount(expected)} over tie orders`})
        </span>
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
                <Link href={drilldownPath(solver.submissionId, q.queryId)} className="dl-yes" aria-label={`${q.functionName} under ${solver.model} (${chanceWords(side === "a" ? q.a : q.b)})`}>
                  {`${solver.model} ${fmtChance(side === "a" ? q.a : q.b)}`}
                </Link>
                <Link href={drilldownPath(other.submissionId, q.queryId)} className="dl-no" aria-label={`${q.functionName} under ${other.model} (${chanceWords(side === "a" ? q.b : q.a)})`}>
                  {`${other.model} ${fmtChance(side === "a" ? q.b : q.a)}`}
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

function chanceWords(v: number): string {
  return v === 1 ? "solves it" : v === 0 ? "misses it" : `solves it in ${fmtPctChance(v)} of the orders of its tied snippets`;
}

// The queries behind a pair's discordant counts: solved within the top k by one system and not
// the other (with tied scores: in some orders of the ties), each with both systems' chances
// (✓ certain, ✗ never, else the share of tie orders) and opening both systems' drilldowns.
export function DiscordantLists({ a, b, k, aOnly, bOnly, allHref }: { a: CompareCandidate; b: CompareCandidate; k: number; aOnly: DiscordantQuery[]; bOnly: DiscordantQuery[]; allHref: string | null }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <List title={`${a.model} solves, ${b.model} misses (exec@${k})`} queries={aOnly} solver={a} other={b} side="a" allHref={allHref} />
      <List title={`${b.model} solves, ${a.model} misses (exec@${k})`} queries={bOnly} solver={b} other={a} side="b" allHref={allHref} />
    </div>
  );
}
