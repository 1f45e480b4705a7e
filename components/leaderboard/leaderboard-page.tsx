import Link from "next/link";
import { comparePath, exportPath } from "@/components/benchmark/paths";
import { ProvisionalNote } from "@/components/benchmark/provisional-note";
import { VersionNav, type VersionNavProps } from "@/components/benchmark/version-nav";
import { Figure2Chart } from "@/components/charts/figure2-chart";
import { fmtCi } from "@/components/ui/format";
import { leaderboardQuery } from "@/lib/pages/leaderboard-params";
import type { LeaderboardView } from "@/lib/pages/leaderboard-view";
import { DomainHeatmap } from "@/components/browser/domain-heatmap";
import { KSwitcher } from "./k-switcher";
import { ViewSwitch } from "./view-switch";
import { LeaderboardFilters } from "./leaderboard-filters";
import { LeaderboardTable } from "./leaderboard-table";

const FORM_ID = "board-state";

// One benchmark version's leaderboard: the Figure 2 chart, the state controls (filters, k,
// downloads) and the table. `basePath` is where the state links point ("/" on the home page).
export function LeaderboardPage({ view, basePath, nav }: { view: LeaderboardView; basePath: string; nav: Omit<VersionNavProps, "tab"> }) {
  const p = view.params;
  const b = view.benchmark;
  const headingId = `bench-${b.slug}`;
  const byExec1 = [...view.rows].sort((x, y) => (y.metrics.exec1?.value ?? 0) - (x.metrics.exec1?.value ?? 0));
  const top = byExec1[0];
  // The chance line at k = 1 and 5 (the exec@k columns are shown at every k).
  const chance = { exec1: view.chance.exec1, exec5: view.chance.exec5 };
  const qs = leaderboardQuery(p);
  const download = (format: string) => `${exportPath(b.slug, b.version)}${qs ? `${qs}&` : "?"}format=${format}`;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <VersionNav {...nav} tab="leaderboard" headingId={headingId} />
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        {b.queries.toLocaleString("en")} queries · {b.corpus.toLocaleString("en")} snippets in the pool. A retrieved snippet counts only if it passes every test
        of its query when executed. Every value is a mean over queries with its 95% bootstrap interval; higher is better throughout.{" "}
        <Link href="/methodology" className="text-emerald-800 underline underline-offset-2">
          How it is measured
        </Link>
      </p>

      {view.headline && (
        <p data-testid="headline-finding" className="max-w-4xl border-l-4 border-emerald-600 pl-3 text-base leading-relaxed text-slate-900">
          {view.headline}
        </p>
      )}
      <ProvisionalNote systems={view.provisional} />
      {view.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">No published submissions yet.</p>
      ) : (
        <>
          <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="fig2-caption">
            <figcaption id="fig2-caption" className="mb-3">
              <span className="block text-base font-semibold text-slate-900">exec@1 with 95% intervals, and exec@5</span>
              <span className="block text-sm text-slate-600">
                Bars: exec@1 (whiskers: 95% bootstrap interval). Diamonds: exec@5. Systems shown ({view.rows.length}) in exec@1 order; baselines in grey
                {p.sel.length > 0 ? "; selected systems darker and marked ●" : ""}. Dashed line: chance, the exact exec@1 of a uniformly random ranking
                ({chance.exec1.toFixed(3)}); dotted: chance at exec@5 ({chance.exec5.toFixed(3)}).
                {top?.metrics.exec1 && top.metrics.exec5 && (
                  <>
                    {" "}
                    Best at rank 1: {top.model}, {top.metrics.exec1.value.toFixed(3)} {fmtCi(top.metrics.exec1.ci95)}, reaching {top.metrics.exec5.value.toFixed(3)} by rank 5.
                  </>
                )}
              </span>
            </figcaption>
            {view.rows.length > 0 ? (
              <div role="img" aria-label={`Bar chart of exec@1 with 95% intervals and exec@5 markers for ${view.rows.length} systems, and a dashed chance line at exec@1 ${chance.exec1.toFixed(3)}; the same numbers are in the table below.`}>
                <Figure2Chart
                  points={byExec1.map((r) => ({
                    id: r.submissionId,
                    name: r.model,
                    exec1: r.metrics.exec1?.value ?? 0,
                    ci: r.metrics.exec1?.ci95 ?? [0, 0],
                    exec5: r.metrics.exec5?.value ?? 0,
                    baseline: r.isBaseline,
                    selected: r.selected,
                  }))}
                  chance={chance}
                />
              </div>
            ) : (
              <p className="text-sm text-slate-600">No system matches the filters.</p>
            )}
          </figure>

          <div className="space-y-3">
            <LeaderboardFilters view={view} basePath={basePath} formId={FORM_ID} compareAction={comparePath(b.slug, b.version)} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
                <ViewSwitch show={p.show} hrefOf={(show) => `${basePath}${leaderboardQuery(p, { show })}`} />
                {p.show === "metrics" && <KSwitcher k={p.k} hrefOf={(k) => `${basePath}${leaderboardQuery(p, { k: k as typeof p.k })}`} />}
              </div>
              <div className="flex items-center gap-3 text-sm">
                <span className="text-slate-600" aria-live="polite">
                  {view.rows.length} of {view.total} results
                </span>
                <a href={download("csv")} className="rounded-md px-2 py-1 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50" download>
                  CSV
                </a>
                <a href={download("json")} className="rounded-md px-2 py-1 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50" download>
                  JSON
                </a>
              </div>
            </div>
            {p.show === "domains" && view.domains ? (
              <div className="space-y-2" data-testid="per-domain-view">
                <p className="text-sm text-slate-600">
                  exec@1 within each of the {view.domains.names.length} domains for the {view.rows.length} systems shown (filters and order as above). A
                  cell opens the system&apos;s queries in that domain; hover or focus it for the interval and counts.
                </p>
                <DomainHeatmap rows={view.domains.rows} domains={view.domains.names} />
              </div>
            ) : (
              <LeaderboardTable view={view} basePath={basePath} formId={FORM_ID} />
            )}
            <p className="text-xs leading-relaxed text-slate-500">
              Rank is the position by exec@{p.k}; equal values share a rank. {view.alpha !== null ? <>“≈ leader” rows are not significantly different from the leader at exec@{p.k} (paired sign-flip test, exact McNemar when nothing is tied; α = {view.alpha}, no multiple-comparison correction); a green rule marks the group.</> : view.tiesPending ? <>Tie groups are being recomputed after a recent publication.</> : null}{" "}
              Exactly tied scores are never ordered by corpus order: every value is the exact expectation over all orders of the tied snippets, and
              an <span className="font-medium text-amber-900">edit-blind</span> badge marks a system that scores canonicals and their single-edit
              distractors identically too often to tell them apart. The last row is chance, for reference.{" "}
              {p.k === 1 && "At k = 1 execution precision and nDCG would repeat exec@1, so those two columns show k = 10. "}Downloads hold exactly the
              systems, order and columns shown (the JSON also gives the chance line). Hover or focus a column header for what it measures.
            </p>
          </div>
        </>
      )}
    </section>
  );
}
