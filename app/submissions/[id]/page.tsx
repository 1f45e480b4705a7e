import { RunPageScreen } from "@/app/_server/repo/run-page-screen";
import { versionPath } from "@/components/benchmark/paths";
import { CiLineChart } from "@/components/charts/ci-line-chart";
import { DeceptionSection } from "@/components/model/deception";
import { InvocationSection } from "@/components/model/invocation";
import { MetricsTable } from "@/components/model/metrics-table";
import { MissAttributionTable } from "@/components/model/miss-attribution";
import { ModelHeader } from "@/components/model/model-header";
import { PerDomainSection } from "@/components/model/per-domain";
import { PoolDensitySection } from "@/components/model/pool-density";
import { QueryFilters } from "@/components/model/query-filters";
import { QueryTable } from "@/components/model/query-table";
import { SimilarityGapSection } from "@/components/model/similarity-gap";
import { TiesSection } from "@/components/model/ties-section";
import { Card } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { loadModelPage, loadRunPage, loadSubmissionKind, metaOrNotFound, submissionSummary } from "@/app/_server/page-loaders";
import { pageMeta } from "@/components/site/page-meta";
import { filterModelQueries, parseModelQueryParams } from "@/lib/pages/model-queries";
import { orNotFound } from "@/app/_server/or-not-found";
import { toQueryString, type RawSearchParams } from "@/lib/pages/search-params";
import { Breadcrumb } from "@/components/ui/breadcrumb";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return metaOrNotFound(async () => {
    const kind = await loadSubmissionKind(id);
    if (kind.id === "repo_retrieval") {
      const s = (await loadRunPage(id)).submission;
      return pageMeta(`${s.model.name} on ${s.benchmark.slug} ${s.benchmark.version}`, `${submissionSummary(s, kind)} Every metric per task in both weightings, the budget curve, first-gold depth, candidate filters, selective retrieval and each sample's ranked files.`, { noindex: s.status !== "published" });
    }
    const s = (await loadModelPage(id)).submission;
    return pageMeta(`${s.model.name} on ${s.benchmark.slug} ${s.benchmark.version}`, `${submissionSummary(s, kind)} Every metric with its interval, the paper's analyses and each query's drilldown.`, { noindex: s.status !== "published" });
  });
}

const SECTIONS: [string, string][] = [
  ["metrics", "Metrics"],
  ["ties", "Ties"],
  ["misses", "Rank-1 misses"],
  ["gap", "Similarity gap"],
  ["deception", "Deception"],
  ["domains", "Domains"],
  ["density", "Pool density"],
  ["invocation", "Invocation"],
  ["queries", "Queries"],
];

// A model's page: every metric with its interval and every per-submission analysis of the
// paper (Figures 3-5, Tables 3, 4 and 8, per-domain exec@1), how it was produced, and its
// per-query outcomes. Visible to everyone once published; before that to its owner and
// maintainers only (anyone else gets the 404 of an id that does not exist).
export default async function SubmissionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<RawSearchParams> }) {
  const { id } = await params;
  if ((await orNotFound(loadSubmissionKind(id))).id === "repo_retrieval") return <RunPageScreen id={id} searchParams={await searchParams} />;
  const data = await orNotFound(loadModelPage(id));
  const s = data.submission;
  const a = data.analysis;
  const qp = parseModelQueryParams(await searchParams);
  const shown = filterModelQueries(data.queries, qp);
  const domains = [...new Set(data.queries.map((q) => q.domain))].sort();
  const bugTypes = [...new Set(data.queries.flatMap((q) => (q.rank1?.bugType ? [q.rank1.bugType] : [])))].sort();
  const self = `/submissions/${s.id}`;
  const queriesHref = (change: Partial<typeof qp>) => {
    const n = { ...qp, ...change };
    return `${self}${toQueryString([["q", n.q], ["domain", n.domain], ["outcome", n.outcome === "any" ? "" : n.outcome], ...n.bug.map((b): [string, string] => ["bug", b]), ["page", n.page > 1 ? n.page : ""]])}#queries`;
  };
  return (
    <div className="space-y-6">
      <Breadcrumb trail={[{ href: versionPath(s.benchmark.slug, s.benchmark.version), label: `${s.benchmark.slug} ${s.benchmark.version}` }]} current={s.model.name} />
      <ModelHeader data={data} />

      {s.metrics && (
        <nav aria-label="On this page" className="flex flex-wrap gap-x-4 gap-y-1 border-y border-slate-200 py-2 text-sm">
          {SECTIONS.filter(([sid]) => (a || ["metrics", "invocation"].includes(sid)) && (sid !== "ties" || a?.ties)).map(([sid, label]) => (
            <a key={sid} href={`#${sid}`} className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
              {label}
            </a>
          ))}
        </nav>
      )}

      {s.metrics && (
        <div id="metrics" className="grid scroll-mt-4 gap-6 lg:grid-cols-5">
          <Card id="metrics-heading" title="Metrics (mean over queries, 95% bootstrap CI)" className="lg:col-span-3">
            <MetricsTable metrics={s.metrics} />
          </Card>
          <Card id="curve-heading" title="exec@k" lead="Share of queries solved within the top k; the band is the 95% interval." className="lg:col-span-2">
            <div role="img" aria-label={`exec@k curve: ${[1, 3, 5, 10].map((k) => `k=${k} ${s.metrics!.exec[String(k)]?.value.toFixed(3)}`).join(", ")}`}>
              <CiLineChart
                points={[1, 3, 5, 10].flatMap((k) => {
                  const m = s.metrics!.exec[String(k)];
                  return m ? [{ x: k, value: m.value, ci: m.ci95 }] : [];
                })}
                xLabel="k"
                yLabel="exec@k"
                ticks={[1, 3, 5, 10]}
              />
            </div>
          </Card>
        </div>
      )}

      {a && (
        <>
          {a.ties && (
            <Card id="ties" title="Ties" lead="How much of this system's ranking exactly tied scores decide." className="scroll-mt-4">
              <TiesSection t={a.ties} tiedHref={queriesHref({ outcome: "tied", page: 1 })} />
            </Card>
          )}
          <div className="grid gap-6 lg:grid-cols-5">
            <Card id="misses" title="When rank 1 is wrong, what is there?" lead="The paper's Table 3 for this system." className="scroll-mt-4 lg:col-span-2">
              <MissAttributionTable m={a.missAttribution} />
            </Card>
            <Card id="gap" title="Canonical vs best distractor" lead="The paper's Figure 4: how close the query's near-clones score to its canonical." className="scroll-mt-4 lg:col-span-3">
              <SimilarityGapSection gap={a.similarityGap} gapBins={data.gapBins} scoreBins={data.scoreBins} similarity={s.model.similarity} />
            </Card>
          </div>
          <Card id="deception" title="Deception by bug type and edit size" lead="A distractor deceives when it scores above its canonical; one tied exactly with it deceives half the time, as either order is equally likely (the paper's Figure 5 and Table 8)." className="scroll-mt-4">
            <DeceptionSection d={a.deception} />
          </Card>
          <Card id="domains" title="exec@1 per domain" lead="One row of the paper's Figure 6b. Each domain links to this model's queries in it." className="scroll-mt-4">
            <PerDomainSection domains={a.perDomain} queriesHref={(d) => queriesHref({ domain: d, page: 1 })} />
          </Card>
          <Card id="density" title="Pool density" lead="The paper's Table 4: expected exec@1 when each query keeps only some of its own distractors." className="scroll-mt-4">
            <PoolDensitySection p={a.poolDensity} />
          </Card>
        </>
      )}
      {s.metrics && !a && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">The per-submission analyses have not been computed yet.</p>}

      <Card id="invocation" title="Invocation and provenance" className="scroll-mt-4">
        <InvocationSection data={data} />
      </Card>

      {data.queries.length > 0 && (
        <Card id="queries" title={`Queries (${shown.matched} of ${data.queries.length})`} lead="Each query opens its drilldown: the ranked snippets, their scores and test outcomes." className="scroll-mt-4">
          <div className="space-y-4">
            <QueryFilters action={self} p={qp} domains={domains} bugTypes={bugTypes} />
            <QueryTable submissionId={s.id} rows={shown.rows} />
            <Pager page={shown.page} pages={shown.pages} hrefOf={(page) => queriesHref({ page })} label="Query pages" />
          </div>
        </Card>
      )}
    </div>
  );
}
