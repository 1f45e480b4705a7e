import Link from "next/link";
import { PairView } from "@/components/drilldown/pair-view";
import { SampleDrilldownScreen } from "@/app/_server/repo/sample-drilldown-screen";
import { TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import { ScoreBars } from "@/components/drilldown/score-bars";
import { scoreAxis } from "@/lib/drilldown/score-axis";
import { OtherSubmissionLinks, SnippetCard } from "@/components/drilldown/snippet-card";
import { bugLabel } from "@/components/drilldown/role-label";
import { QueryTests } from "@/components/drilldown/query-tests";
import { queryPath, versionPath } from "@/components/benchmark/paths";
import { Badge } from "@/components/ui/badge";
import { humanize } from "@/components/ui/format";
import { drilldownTieGroups, explainExecAtK, groupCutAt } from "@/lib/pages/drilldown-ties";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadDrilldown, loadSampleDrilldown, loadSubmissionKind, metaOrNotFound } from "@/app/_server/page-loaders";
import { pageMeta } from "@/components/site/page-meta";
import { DataTable } from "@/components/ui/data-table";
import { Section } from "@/components/ui/section";
import { Breadcrumb } from "@/components/ui/breadcrumb";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string; queryId: string }> }) {
  const { id, queryId } = await params;
  return metaOrNotFound(async () => {
    if ((await loadSubmissionKind(id)).id === "repo_retrieval") {
      const r = await loadSampleDrilldown(id, queryId);
      const s = r.submission;
      return pageMeta(
        `${r.sample.sampleId} under ${s.model.name}`,
        `What ${s.model.name} retrieves for ${r.sample.sampleId} (${TASK_LABELS[r.sample.task]}, ${r.sample.repo}) on ${s.benchmark.slug} ${s.benchmark.version}: the ranked files with the gold ones marked, and what fits in each token budget.`,
        { noindex: s.status !== "published" },
      );
    }
    const d = await loadDrilldown(id, queryId);
    return pageMeta(
      `${d.query.functionName} under ${d.submission.model}`,
      `What ${d.submission.model} retrieves for ${d.query.queryId} (${d.query.functionName}) on ${d.submission.benchmark} ${d.submission.version}: the ranked snippets, their scores, each distractor's edit and which tests each passes.`,
      { noindex: d.submission.status !== "published" },
    );
  });
}

export default async function QueryDrilldownPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; queryId: string }>;
  searchParams: Promise<{ n?: string }>;
}) {
  const { id, queryId } = await params;
  if ((await orNotFound(loadSubmissionKind(id))).id === "repo_retrieval") return <SampleDrilldownScreen id={id} sampleId={queryId} />;
  const n = (await searchParams).n === "10" ? 10 : 5;
  const d = await orNotFound(loadDrilldown(id, queryId));
  // Snippets tied exactly with rank 10 but listed beyond it share its places by chance (and were
  // executed): the top-10 view shows them too.
  const beyond = d.top.slice(10);
  const shown = n === 10 ? d.top : d.top.slice(0, n);
  const groups = drilldownTieGroups(d.top);
  const cut = n === 5 ? groupCutAt(d.top, 5) : null;
  const chances = ([1, 3, 5, 10] as const).flatMap((k) => explainExecAtK(d.top, k) ?? []);
  const tieOf = new Map(d.top.map((s) => [s.corpusId, s.tie]));
  // One axis for every view of this list: the top 5 and the top 10 share the scale.
  const axis = scoreAxis(d.top.map((s) => s.score));
  const base = `/submissions/${d.submission.id}/queries`;
  return (
    <div className="space-y-8">
      <Breadcrumb
        trail={[
          { href: versionPath(d.submission.benchmark, d.submission.version), label: `${d.submission.benchmark} ${d.submission.version}` },
          { href: `/submissions/${d.submission.id}`, label: d.submission.model, className: "font-medium text-slate-900 underline-offset-2 hover:underline" },
        ]}
        current={d.query.queryId}
        currentClassName="font-mono"
        aside={
          <>
            {d.neighbours.previous && (
              <Link href={`${base}/${d.neighbours.previous}`} aria-label={`Previous query, ${d.neighbours.previous}`} className="underline-offset-2 hover:text-slate-900 hover:underline">
                ← {d.neighbours.previous}
              </Link>
            )}
            {d.neighbours.next && (
              <Link href={`${base}/${d.neighbours.next}`} aria-label={`Next query, ${d.neighbours.next}`} className="underline-offset-2 hover:text-slate-900 hover:underline">
                {d.neighbours.next} →
              </Link>
            )}
          </>
        }
      />

      <section aria-labelledby="query-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
              Query {d.query.queryId} · {humanize(d.query.domain)}
            </p>
            <h1 id="query-heading" className="mt-1 break-words font-mono text-xl font-semibold text-slate-900">
              {d.query.functionName}
            </h1>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">
              under <span className="font-medium text-slate-900">{d.submission.model}</span> ({d.submission.provider})
            </span>
            {d.submission.status !== "published" && (
              <Badge tone="info">
                {d.submission.status}: visible to its owner{d.submission.organisation ? `, the members of ${d.submission.organisation}` : ""} and maintainers only
              </Badge>
            )}
          </div>
        </div>
        <p className="mt-2 text-slate-800">{d.query.text}</p>
        <p className="mt-2 text-sm">
          <Link href={queryPath(d.submission.benchmark, d.submission.version, d.query.queryId)} className="text-emerald-800 underline underline-offset-2">
            This query under every published system
          </Link>
        </p>
        <QueryTests tests={d.query.tests} />
      </section>

      <section aria-labelledby="rank-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="rank-heading" className="text-lg font-semibold text-slate-900">
            Top {n} by {d.submission.similarity} similarity
            {n === 10 && beyond.length > 0 && `, and ${beyond.length} tied with rank 10`}
          </h2>
          <Link href={`?n=${n === 5 ? 10 : 5}`} scroll={false} className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50">
            show top {n === 5 ? 10 : 5}
            {n === 5 && beyond.length > 0 && ` (+${beyond.length} tied)`}
          </Link>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <ScoreBars snippets={shown} axis={axis} similarity={d.submission.similarity} />
          <dl className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="exec@k for this query">
            {(["1", "3", "5", "10"] as const).map((k) => {
              const v = d.execAtK[k];
              const tone = v === 1 ? "bg-emerald-50 ring-emerald-300" : v === 0 ? "bg-rose-50 ring-rose-300" : "bg-amber-50 ring-amber-300";
              return (
                <div key={k} className={`flex items-center gap-1.5 rounded-md px-2 py-1 ring-1 ring-inset ${tone}`}>
                  <dt className="text-slate-700">exec@{k}</dt>
                  <dd className={v === 1 ? "font-semibold text-emerald-800" : v === 0 ? "font-semibold text-rose-800" : "font-semibold text-amber-900"}>
                    <span aria-hidden>{v === 1 ? "✓" : v === 0 ? "✗" : v.toFixed(3)}</span>
                    <span className="sr-only">{v === 1 ? "solved" : v === 0 ? "not solved" : `solved in ${(v * 100).toFixed(1)}% of the orders of the tied snippets`}</span>
                  </dd>
                </div>
              );
            })}
          </dl>
          {groups.length > 0 && (
            <div className="mt-4 space-y-2 border-t border-slate-100 pt-3 text-sm text-slate-700" data-testid="tie-notes">
              <p>
                Snippets marked <span className="font-semibold text-amber-900">tied</span> have exactly the same score: no order among them is real,
                so each may sit at any of the ranks they share, every order equally likely, and exec@k is the exact expectation over those orders
                (never corpus order).
              </p>
              <ul className="space-y-1" aria-label="Tie groups">
                {groups.map((g) => (
                  <li key={g.from}>
                    <span className="font-medium text-amber-900">
                      Ranks {g.from}–{g.to}, tied ×{g.size}
                    </span>{" "}
                    at score <span className="font-mono">{g.score.toFixed(4)}</span>: {g.passing} of {g.size} pass
                    {g.passing > 0 && g.passing < g.size && `, so each place in the group holds a passing snippet with probability ${g.passing}/${g.size}`}.
                    {g.to > 10 && ` ${g.to - 10} of them are listed beyond rank 10: they share rank 10's places by chance, so they were executed too.`}
                    {cut && cut.from === g.from && (
                      <>
                        {" "}
                        {cut.to - 5} of them are beyond the top 5 shown (<Link href="?n=10" scroll={false} className="text-emerald-800 underline underline-offset-2">show top 10</Link>).
                      </>
                    )}
                  </li>
                ))}
              </ul>
              {chances.length > 0 && (
                <ul className="space-y-1" aria-label="Why exec@k is a chance">
                  {chances.map((c) => (
                    <li key={c.k}>
                      <span className="font-medium">
                        exec@{c.k} = {c.value.toFixed(3)}
                      </span>
                      : {c.inside} of the {c.group.size} tied places at ranks {c.group.from}–{c.group.to} are inside the top {c.k}, and they hold none of
                      the {c.group.passing} passing snippet{c.group.passing === 1 ? "" : "s"} in C({c.group.size - c.group.passing}, {c.inside}) / C(
                      {c.group.size}, {c.inside}) = {c.missWays.toString()}/{c.allWays.toString()} of the orders, so exec@{c.k} = 1 − {c.missWays.toString()}/
                      {c.allWays.toString()}.
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </section>

      {d.pair && (
        <Section id="pair-heading" title="Canonical vs its most convincing distractor" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" headingClassName="text-lg font-semibold text-slate-900">
          <PairView pair={d.pair} />
        </Section>
      )}

      <Section id="own-heading" title="This query's canonical and distractors" className="space-y-2" headingClassName="text-lg font-semibold text-slate-900">
        <DataTable
          caption="Scores of this query's own snippets; a distractor above the canonical deceives, one tied with it deceives half the time"
          scroll="Own snippet scores"
          scrollClassName="rounded-xl border border-slate-200 bg-white px-4 py-2 shadow-sm"
          className="min-w-full text-sm"
          headClassName="border-b border-slate-200 text-left text-xs text-slate-600"
          cell="py-1.5 pr-4 font-semibold"
          columns={["Snippet", "Role", { label: "Score", className: "py-1.5 pr-4 text-right font-semibold" }, { label: "vs canonical", className: "py-1.5 pr-4 text-right font-semibold" }, { label: "Rank", className: "py-1.5 text-right font-semibold" }]}
        >
          {d.own.map((o) => {
            const canonical = d.own.find((x) => x.role === "canonical");
            const delta = canonical && o.role === "distractor" ? o.score - canonical.score : null;
            return (
              <tr key={o.corpusId} className={o.role === "canonical" ? "bg-emerald-50/60" : ""}>
                <td className="py-1.5 pr-4 font-mono">{o.corpusId}</td>
                <td className="py-1.5 pr-4">{o.role === "canonical" ? "canonical" : bugLabel(o.bugType)}</td>
                <td className="py-1.5 pr-4 text-right font-mono tabular-nums">{o.score.toFixed(4)}</td>
                <td className={`py-1.5 pr-4 text-right font-mono tabular-nums ${delta === 0 ? "font-semibold text-amber-900" : delta !== null && delta > 0 ? "font-semibold text-rose-800" : "text-slate-700"}`}>
                  {delta === null ? "—" : delta === 0 ? "tied (deceives half the time)" : `${delta > 0 ? "+" : ""}${delta.toFixed(4)}${delta > 0 ? " deceives" : ""}`}
                </td>
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums">
                  {(() => {
                    const t = tieOf.get(o.corpusId);
                    if (o.rank === null) return "> 10";
                    return t ? (
                      <span className="text-amber-900">
                        {t.from}–{t.to} (tied ×{t.size})
                      </span>
                    ) : (
                      o.rank
                    );
                  })()}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </Section>

      <Section id="snippets-heading" title="Retrieved code" className="space-y-4" headingClassName="text-lg font-semibold text-slate-900">
        {shown.map((s) => (
          <SnippetCard key={s.corpusId} snippet={s} />
        ))}
      </Section>

      {d.otherSubmissions.length > 0 && (
        <Section id="others-heading" title="The same query under other published submissions" className="space-y-2" headingClassName="text-lg font-semibold text-slate-900">
          <OtherSubmissionLinks queryId={d.query.queryId} others={d.otherSubmissions} />
        </Section>
      )}
    </div>
  );
}
