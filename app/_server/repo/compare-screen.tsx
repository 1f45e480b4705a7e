import { comparePath } from "@/components/benchmark/paths";
import { Card } from "@/components/ui/card";
import { compareRuns } from "@/lib/repo-board/compare-runs";
import { parseScope } from "@/lib/repo-board/scope";
import { HEADLINE_METRICS } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadVersionNav } from "@/app/_server/page-loaders";
import type { VersionScreenProps } from "@/app/_server/version-page";
import { headlineColumns, HeadlineTable, PairedCell, runRow } from "@/components/repo/headline-table";
import { RepoTable, RowHead } from "@/components/repo/repo-table";
import { RepoNav } from "@/components/repo/repo-nav";
import { chosenRuns, RunsPicker } from "@/components/repo/runs-picker";
import { ScopeSwitches } from "@/components/repo/scope-switches";

// Compare 2-4 published runs: every headline metric with its interval, and each pair's paired
// difference with its interval and sign-flip p-value, in the chosen scope.
export async function RepoCompareScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
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
            <HeadlineTable
              caption="The picked runs, every headline metric with its interval"
              testId="compare-table"
              scope={scope}
              rows={c.runs.map(runRow)}
            />
          </Card>
          <Card id="paired" title="Paired differences (first minus second)" lead="Paired-bootstrap 95% interval and two-sided paired sign-flip p-value over the same samples.">
            <RepoTable caption="Paired differences between the picked runs" scroll="Paired differences" testId="compare-pairs" columns={headlineColumns("Pair")}>
              {[...new Set(c.pairs.map((p) => `${p.a}|${p.b}`))].map((key) => {
                const [a, b] = key.split("|");
                return (
                  <tr key={key}>
                    <RowHead>
                      {name(a)} − {name(b)}
                    </RowHead>
                    {HEADLINE_METRICS.map((m) => (
                      <PairedCell key={m} result={c.pairs.find((p) => p.a === a && p.b === b && p.metric === m)!.result} />
                    ))}
                  </tr>
                );
              })}
            </RepoTable>
          </Card>
        </>
      )}
    </section>
  );
}
