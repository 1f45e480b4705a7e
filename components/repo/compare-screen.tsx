import Link from "next/link";
import { comparePath } from "@/components/benchmark/paths";
import { Card } from "@/components/ui/card";
import { fmtP, fmtSigned } from "@/components/ui/format";
import { ScrollBox } from "@/components/ui/scroll-box";
import { compareRuns } from "@/lib/repo-board/compare-runs";
import { estimateOf, parseScope } from "@/lib/repo-board/scope";
import { HEADLINE_METRICS, metricLabel } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/lib/pages/or-not-found";
import type { RawSearchParams } from "@/lib/pages/search-params";
import { getVersionNavData } from "@/lib/pages/version-nav-data";
import { EstimateCell } from "./estimate-cell";
import { RepoNav } from "./repo-nav";
import { chosenRuns, RunsPicker } from "./runs-picker";
import { ScopeSwitches } from "./scope-switches";

// Compare 2-4 published runs: every headline metric with its interval, and each pair's paired
// difference with its interval and sign-flip p-value, in the chosen scope.
export async function RepoCompareScreen({ slug, version, searchParams }: { slug: string; version: string; searchParams: RawSearchParams }) {
  const nav = await orNotFound(getVersionNavData(slug, version));
  const chosen = chosenRuns(searchParams.runs).slice(0, 4);
  const scope = parseScope(searchParams);
  const c = await orNotFound(compareRuns(slug, nav.version, chosen, scope));
  const base = comparePath(slug, nav.version);
  const name = (id: string) => c.runs.find((r) => r.submissionId === id)!.model;
  return (
    <section aria-labelledby="compare-heading" className="space-y-6">
      <RepoNav {...nav} tab="compare" headingId="compare-heading" />
      <RunsPicker action={base} available={c.available} chosen={chosen} submitLabel="Compare" />
      {c.runs.length < 2 ? (
        <p className="text-sm text-slate-600">Pick at least 2 runs.</p>
      ) : (
        <>
          <ScopeSwitches scope={scope} basePath={base} extra={chosen.map((id) => ["runs", id])} />
          <Card id="side-by-side" title="Side by side">
            <ScrollBox label="Runs side by side" className="rounded-lg border border-slate-200">
              <table className="min-w-full text-sm" data-testid="compare-table">
                <caption className="sr-only">The picked runs, every headline metric with its interval</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-700">
                  <tr>
                    <th scope="col" className="px-2 py-2 text-left">
                      Run
                    </th>
                    {HEADLINE_METRICS.map((m) => (
                      <th key={m} scope="col" className="whitespace-nowrap px-2 py-2 text-right">
                        {metricLabel(m)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {c.runs.map((r) => (
                    <tr key={r.submissionId}>
                      <th scope="row" className="px-2 py-2 text-left font-medium">
                        <Link href={`/submissions/${r.submissionId}`} className="underline-offset-2 hover:underline">
                          {r.model}
                        </Link>
                      </th>
                      {HEADLINE_METRICS.map((m) => (
                        <EstimateCell key={m} e={estimateOf(r.analysis, scope, m)} />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </Card>
          <Card id="paired" title="Paired differences (first minus second)" lead="Paired-bootstrap 95% interval and two-sided paired sign-flip p-value over the same samples.">
            <ScrollBox label="Paired differences" className="rounded-lg border border-slate-200">
              <table className="min-w-full text-sm" data-testid="compare-pairs">
                <caption className="sr-only">Paired differences between the picked runs</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-700">
                  <tr>
                    <th scope="col" className="px-2 py-2 text-left">
                      Pair
                    </th>
                    {HEADLINE_METRICS.map((m) => (
                      <th key={m} scope="col" className="whitespace-nowrap px-2 py-2 text-right">
                        {metricLabel(m)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {[...new Set(c.pairs.map((p) => `${p.a}|${p.b}`))].map((key) => {
                    const [a, b] = key.split("|");
                    return (
                      <tr key={key}>
                        <th scope="row" className="px-2 py-2 text-left font-medium">
                          {name(a)} − {name(b)}
                        </th>
                        {HEADLINE_METRICS.map((m) => {
                          const r = c.pairs.find((p) => p.a === a && p.b === b && p.metric === m)!.result;
                          return (
                            <td key={m} className="num-cell">
                              {r ? (
                                <>
                                  <span className={r.pValue < 0.05 ? "font-semibold" : ""}>{fmtSigned(r.delta)}</span>
                                  <span className="block text-[11px] text-slate-500">
                                    [{fmtSigned(r.ciLow)}, {fmtSigned(r.ciHigh)}] p = {fmtP(r.pValue)}
                                  </span>
                                </>
                              ) : (
                                "—"
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollBox>
          </Card>
        </>
      )}
    </section>
  );
}
