import Link from "next/link";
import { notFound } from "next/navigation";
import { ScoreBars } from "@/components/drilldown/score-bars";
import { OtherSubmissionLinks, SnippetCard } from "@/components/drilldown/snippet-card";
import { bugLabel } from "@/components/drilldown/role-label";
import { getQueryDrilldown, type QueryDrilldown } from "@/lib/drilldown/get-query-drilldown";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { isAppError } from "@/lib/errors/app-error";

export const dynamic = "force-dynamic";

async function load(id: string, queryId: string): Promise<QueryDrilldown> {
  try {
    return await getQueryDrilldown(id, queryId, await getPageViewer());
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
}

export default async function QueryDrilldownPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; queryId: string }>;
  searchParams: Promise<{ n?: string }>;
}) {
  const { id, queryId } = await params;
  const n = (await searchParams).n === "10" ? 10 : 5;
  const d = await load(id, queryId);
  const shown = d.top.slice(0, n);
  const base = `/submissions/${d.submission.id}/queries`;
  return (
    <div className="space-y-8">
      <nav className="flex items-center justify-between text-sm text-slate-600">
        <span>
          <Link href="/" className="hover:text-slate-900">
            {d.submission.benchmark} {d.submission.version}
          </Link>{" "}
          / <span className="font-medium text-slate-900">{d.submission.model}</span> / {d.query.queryId}
        </span>
        <span className="flex gap-3">
          {d.neighbours.previous && <Link href={`${base}/${d.neighbours.previous}`}>← {d.neighbours.previous}</Link>}
          {d.neighbours.next && <Link href={`${base}/${d.neighbours.next}`}>{d.neighbours.next} →</Link>}
        </span>
      </nav>

      <section aria-labelledby="query-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-xs uppercase tracking-wide text-slate-500">
          Query {d.query.queryId} · {d.query.domain.replaceAll("_", " ")}
        </p>
        <h1 id="query-heading" className="mt-1 font-mono text-xl font-semibold">
          {d.query.functionName}
        </h1>
        <p className="mt-2 text-slate-800">{d.query.text}</p>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-slate-600">{d.query.tests.length} tests</summary>
          <ol className="mt-2 space-y-1 font-mono text-xs text-slate-700">
            {d.query.tests.map((t, i) => (
              <li key={i}>
                t{i + 1}: {t}
              </li>
            ))}
          </ol>
        </details>
      </section>

      <section aria-labelledby="rank-heading" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="rank-heading" className="text-lg font-semibold">
            Top {n} by {d.submission.similarity} similarity
          </h2>
          <Link href={`?n=${n === 5 ? 10 : 5}`} className="text-sm text-slate-600 hover:text-slate-900">
            show top {n === 5 ? 10 : 5}
          </Link>
        </div>
        <ScoreBars snippets={shown} />
        <dl className="flex flex-wrap gap-4 text-sm" aria-label="exec@k for this query">
          {(["1", "3", "5", "10"] as const).map((k) => (
            <div key={k} className="flex items-center gap-1.5">
              <dt className="text-slate-600">exec@{k}</dt>
              <dd className={d.execAtK[k] ? "font-semibold text-emerald-700" : "font-semibold text-rose-700"}>{d.execAtK[k] ? "✓" : "✗"}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="own-heading" className="space-y-2">
        <h2 id="own-heading" className="text-lg font-semibold">
          This query&apos;s canonical and distractors
        </h2>
        <table className="min-w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-4">Snippet</th>
              <th className="py-1 pr-4">Role</th>
              <th className="py-1 pr-4 text-right">Score</th>
              <th className="py-1 text-right">Rank</th>
            </tr>
          </thead>
          <tbody>
            {d.own.map((o) => (
              <tr key={o.corpusId} className="border-t border-slate-100">
                <td className="py-1 pr-4 font-mono">{o.corpusId}</td>
                <td className="py-1 pr-4">{o.role === "canonical" ? "canonical" : bugLabel(o.bugType)}</td>
                <td className="py-1 pr-4 text-right font-mono tabular-nums">{o.score.toFixed(4)}</td>
                <td className="py-1 text-right">{o.rank ?? "> 10"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="snippets-heading" className="space-y-4">
        <h2 id="snippets-heading" className="text-lg font-semibold">
          Retrieved code
        </h2>
        {shown.map((s) => (
          <SnippetCard key={s.corpusId} snippet={s} tests={d.query.tests} />
        ))}
      </section>

      {d.otherSubmissions.length > 0 && (
        <section aria-labelledby="others-heading" className="space-y-2">
          <h2 id="others-heading" className="text-lg font-semibold">
            The same query under other submissions
          </h2>
          <OtherSubmissionLinks queryId={d.query.queryId} others={d.otherSubmissions} />
        </section>
      )}
    </div>
  );
}
