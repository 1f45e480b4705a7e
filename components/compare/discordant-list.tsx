"use client";

import Link from "next/link";
import { drilldownPath } from "@/components/benchmark/paths";
import { fmtChance, fmtCount, fmtPctChance, humanize } from "@/components/ui/format";

export interface ListedQuery {
  queryId: string;
  functionName: string;
  domain: string;
  /** The chance the solver solves it within the top k, over the orders of its tied snippets. */
  mine: number;
  /** The other system's. */
  theirs: number;
}

export interface DiscordantListProps {
  title: string;
  /** The queries shown (all of them, or the first ones until the reader asks for all). */
  rows: ListedQuery[];
  total: number;
  /** Σ mine·(1 − theirs) over every listed query: the table's expected count. */
  expected: number;
  /** Every query solved for certain by one and missed for certain by the other. */
  certain: boolean;
  solver: { submissionId: string; model: string };
  other: { submissionId: string; model: string };
  allHref: string | null;
}

// One side of a pair's discordant queries, each opening both systems' drilldowns. A client
// component so that the page's React payload carries these rows as data (a few dozen bytes
// each) and their markup only once, in the HTML, instead of a tree of elements twice.
export function DiscordantList({ title, rows, total, expected, certain, solver, other, allHref }: DiscordantListProps) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">
        {title}{" "}
        <span className="font-normal text-slate-600">
          ({total}
          {!certain && `; expected ${fmtCount(expected)} over tie orders`})
        </span>
      </h3>
      {total === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          {rows.map((q) => (
            <li key={q.queryId} className="dl-row">
              <span className="min-w-0">
                <span className="dl-fn">{q.functionName}</span> <span className="dl-dom">{humanize(q.domain)}</span>
              </span>
              <span className="flex gap-3 text-xs">
                <Link href={drilldownPath(solver.submissionId, q.queryId)} prefetch={false} className="dl-yes" aria-label={`${q.functionName} under ${solver.model} (${chanceWords(q.mine)})`}>
                  {`${solver.model} ${fmtChance(q.mine)}`}
                </Link>
                <Link href={drilldownPath(other.submissionId, q.queryId)} prefetch={false} className="dl-no" aria-label={`${q.functionName} under ${other.model} (${chanceWords(q.theirs)})`}>
                  {`${other.model} ${fmtChance(q.theirs)}`}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {allHref && total > rows.length && (
        <p className="mt-2 text-sm">
          {rows.length} of {total} shown.{" "}
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
