import { BrowserFilters } from "@/components/browser/browser-filters";
import { RepoSamplesScreen } from "@/app/_server/repo/samples-screen";
import { DifficultyChart } from "@/components/browser/difficulty-chart";
import { DomainHeatmap } from "@/components/browser/domain-heatmap";
import { QueryList } from "@/components/browser/query-list";
import { queriesPath } from "@/components/benchmark/paths";
import { ProvisionalNote } from "@/components/benchmark/provisional-note";
import { fmtCount } from "@/components/ui/format";
import { VersionNav } from "@/components/benchmark/version-nav";
import { Card } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { orNotFound } from "@/app/_server/or-not-found";
import { getQueryBrowser } from "@/lib/pages/query-browser";
import { browserQuery, filterBrowserQueries, parseBrowserParams } from "@/lib/pages/query-browser-params";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";
import { loadBenchmarkKind, loadVersionNav, metaOrNotFound } from "@/app/_server/page-loaders";
import { pageMeta } from "@/components/site/page-meta";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  return metaOrNotFound(async () => {
    const [kind, nav] = await Promise.all([loadBenchmarkKind(slug), loadVersionNav(slug, decodeSegment(version))]);
    if (kind.id === "repo_retrieval")
      return pageMeta(`Samples of ${nav.name} ${nav.version}`, `Every sample of ${nav.name} ${nav.version} by task: its repository, query, given and gold files, and how a published run ranked them.`);
    return pageMeta(`Queries of ${nav.name} ${nav.version}`, `Every query of ${nav.name} ${nav.version}: how many published systems solve it at rank 1, by domain, difficulty and bug type.`);
  });
}

// The query browser of one benchmark version: which queries are hard (Figure 6a), which domains
// each system handles (Figure 6b), and every query, filterable by domain, difficulty and bug type.
export default async function QueryBrowserPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version: raw } = await params;
  if ((await orNotFound(loadBenchmarkKind(slug))).id === "repo_retrieval") return <RepoSamplesScreen slug={slug} version={decodeSegment(raw)} searchParams={await searchParams} />;
  const nav = await orNotFound(loadVersionNav(slug, decodeSegment(raw)));
  const data = await orNotFound(getQueryBrowser(slug, nav.version));
  const p = parseBrowserParams(await searchParams);
  const shown = filterBrowserQueries(data.queries, p);
  const base = queriesPath(slug, nav.version);
  const d = data.difficulty;
  return (
    <section aria-labelledby="browser-heading" className="space-y-6">
      <VersionNav {...nav} tab="queries" headingId="browser-heading" />
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        {data.queries.length.toLocaleString("en")} queries. Difficulty is how many of the {data.systems} published systems put a passing snippet at rank 1.
        A system whose rank 1 is a tie of exactly equal scores solves the query in only some orders of the tie and counts its chance, so these
        counts are expectations (shown to one decimal); a query&apos;s difficulty filter reads its count rounded to the nearest system.
        {data.stale && " A recent publication is not counted yet; the statistics are being recomputed."}
      </p>
      <ProvisionalNote systems={data.provisional} />
      {d && data.systems > 0 && (
        <>
          <Card id="difficulty-heading" title="How many systems solve each query at rank 1" lead="The paper's Figure 6a: the expected number of queries solved at rank 1 by exactly n systems (Poisson-binomial over each system's chance). Choose a bar to list the queries nearest to it.">
            <div className="grid items-center gap-4 lg:grid-cols-4">
            <div className="lg:col-span-3" role="img" aria-label={`Histogram of the expected number of queries solved at rank 1 by exactly n systems: median ${d.median}, ${fmtCount(d.solvedByNone)} solved by none, ${fmtCount(d.solvedByAll)} by all.`}>
              <DifficultyChart histogram={d.histogram} hrefs={d.histogram.map((_, s) => `${base}${browserQuery(p, { min: s, max: s, page: 1 })}#queries`)} selected={p.min !== null && p.min === p.max ? p.min : null} />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-1">
              {[
                ["median", String(d.median)],
                ["mean", d.mean.toFixed(2)],
                ["solved by none", fmtCount(d.solvedByNone)],
                ["solved by all", fmtCount(d.solvedByAll)],
              ].map(([k, v]) => (
                <div key={k} className="rounded-lg bg-slate-50 px-2 py-1.5">
                  <dt className="text-xs text-slate-600">{k}</dt>
                  <dd className="font-semibold tabular-nums">{v}</dd>
                </div>
              ))}
            </dl>
            </div>
          </Card>
          <Card id="heatmap-heading" title="exec@1 by domain and system" lead="The paper's Figure 6b for every published system, in leaderboard order; darker is higher. A cell opens that system's queries in the domain.">
            <DomainHeatmap rows={data.heatmap} domains={data.domains} />
          </Card>
        </>
      )}
      <Card id="queries" title={`Queries (${shown.matched} of ${data.queries.length})`} className="scroll-mt-4">
        <div className="space-y-4">
          <BrowserFilters action={base} p={p} domains={data.domains} bugTypes={data.bugTypes} systems={data.systems} />
          {shown.rows.length > 0 ? <QueryList rows={shown.rows} systems={data.systems} slug={slug} version={nav.version} /> : <p className="text-sm text-slate-600">No query matches.</p>}
          <Pager page={shown.page} pages={shown.pages} hrefOf={(page) => `${base}${browserQuery(p, { page })}#queries`} label="Query pages" />
        </div>
      </Card>
    </section>
  );
}
