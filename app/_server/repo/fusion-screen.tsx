import { Card } from "@/components/ui/card";
import { getFusion, FUSION_MAX, FUSION_MIN } from "@/lib/repo-board/fusion";
import { loadPublishedRuns } from "@/lib/repo-board/published-runs";
import { parseScope } from "@/lib/repo-board/scope";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { HEADLINE_METRICS, metricLabel } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadVersionNav } from "@/app/_server/page-loaders";
import type { VersionScreenProps } from "@/app/_server/version-page";
import { HeadlineTable, PairedCell, runRow } from "@/components/repo/headline-table";
import { firstColumn, RepoTable, RowHead } from "@/components/repo/repo-table";
import { fusionPath } from "@/components/repo/paths";
import { RepoNav } from "@/components/repo/repo-nav";
import { chosenRuns, RunsPicker } from "@/components/repo/runs-picker";
import { ScopeSwitches } from "@/components/repo/scope-switches";

// Fusion, live: the reciprocal rank fusion (k = 60) of the runs a reader picks, scored exactly as
// a submission is, beside each input, with the paired test of the fusion against each.
export async function FusionScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const v = await orNotFound(resolveVersion(slug, nav.version));
  const runs = await loadPublishedRuns(v.id);
  const chosen = chosenRuns(searchParams.runs);
  const scope = parseScope(searchParams);
  const base = fusionPath(slug, nav.version);
  const ready = chosen.length >= FUSION_MIN && chosen.length <= FUSION_MAX;
  const f = ready ? await orNotFound(getFusion(slug, nav.version, chosen, scope)) : null;
  return (
    <section aria-labelledby="fusion-heading" className="space-y-6">
      <RepoNav {...nav} tab="fusion" headingId="fusion-heading" />
      <p className="max-w-3xl text-sm text-slate-600">
        Reciprocal rank fusion: a file scores the sum of 1/(60 + rank) over the picked runs that rank it (a file tied in a run takes its group's mean rank), and the fused ranking is
        scored like any submission: tie-aware, at depth 100, with 95% intervals. Each input is compared with the fusion by the paired sign-flip test over samples.
      </p>
      <RunsPicker action={base} available={runs.map((r) => ({ submissionId: r.submissionId, model: r.model, isBaseline: r.isBaseline }))} chosen={chosen} submitLabel="Fuse" />
      {!ready && <p className="text-sm text-slate-600">{chosen.length > FUSION_MAX ? `At most ${FUSION_MAX} runs can be fused.` : `Pick at least ${FUSION_MIN} runs.`}</p>}
      {f && (
        <>
          <ScopeSwitches scope={scope} basePath={base} extra={chosen.map((id) => ["runs", id])} />
          <Card id="fused" title="The fusion and its inputs" lead={`Means over ${f.fused.overall?.samples ?? 0} positive samples in the chosen scope.`}>
            <HeadlineTable
              caption="The fused run and each input, every headline metric with its interval"
              testId="fusion-table"
              scope={scope}
              rows={[
                { key: "fused", label: `RRF(${f.inputs.map((r) => r.model).join(" + ")})`, analysis: f.fused, strong: true },
                ...f.inputs.map(runRow),
              ]}
            />
          </Card>
          <Card id="fusion-tests" title="Fusion minus each input (paired)" lead="The difference with its paired-bootstrap 95% interval and the two-sided paired sign-flip p-value.">
            <RepoTable
              caption="Paired tests of the fusion against each input"
              scroll="Paired tests"
              testId="fusion-tests"
              columns={[firstColumn("Metric"), ...f.inputs.map((r) => ({ label: `vs ${r.model}`, className: "px-2 py-2 text-right", key: r.submissionId }))]}
            >
              {HEADLINE_METRICS.map((m) => (
                <tr key={m}>
                  <RowHead className="whitespace-nowrap font-medium">{metricLabel(m)}</RowHead>
                  {f.tests[m].map((t) => (
                    <PairedCell key={t.submissionId} result={t.result} />
                  ))}
                </tr>
              ))}
            </RepoTable>
          </Card>
        </>
      )}
    </section>
  );
}
