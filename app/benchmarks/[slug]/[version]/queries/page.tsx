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
import { loadVersionNav } from "@/app/_server/page-loaders";
import { versionMetadata, versionPage, type VersionScreenProps } from "@/app/_server/version-page";
import { FactList } from "@/components/ui/fact-list";

export const dynamic = "force-dynamic";

export const generateMetadata = versionMetadata({
  exec_retrieval: (what) => [
    `Queries of ${what}`,
    `Every query of ${what}: how many published systems solve it at rank 1, by domain, difficulty and bug type.`,
  ],
  repo_retrieval: (what) => [
    `Samples of ${what}`,
    `Every sample of ${what} by task: its repository, query, given and gold files, and how a published run ranked them.`,
  ],
});

// The query browser of one benchmark version: which queries are hard (Figure 6a), which domains
// each system handles (Figure 6b), and every query, filterable by domain, difficulty and bug type.
async function QueryBrowserScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const data = await orNotFound(getQueryBrowser(slug, nav.version));
  const p = parseBrowserParams(searchParams);
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
            <FactList
              look="tiles"
              className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-1"
              facts={[
                { term: "median", value: String(d.median) },
                { term: "mean", value: d.mean.toFixed(2) },
                { term: "solved by none", value: fmtCount(d.solvedByNone) },
                { term: "solved by all", value: fmtCount(d.solvedByAll) },
              ]}
            />
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

export default versionPage({ exec_retrieval: QueryBrowserScreen, repo_retrieval: RepoSamplesScreen });
