import Link from "next/link";
import { versionPath } from "@/components/benchmark/paths";
import { CiLineChart } from "@/components/charts/ci-line-chart";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { fmtDate, fmtPct } from "@/components/ui/format";
import { loadRunPage } from "@/app/_server/page-loaders";
import { TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import type { Aggregate } from "@/lib/repo-metrics/analyze-run";
import { BUDGETS, FIRST_GOLD_DEPTHS, METRIC_IDS, metricLabel, type MetricId } from "@/lib/repo-metrics/definitions";
import type { SelectiveOutcome } from "@/lib/repo-metrics/selective";
import { orNotFound } from "@/app/_server/or-not-found";
import type { RawSearchParams } from "@/lib/pages/search-params";
import { EstimateCell } from "@/components/repo/estimate-cell";
import { qs, sampleDrillPath } from "@/components/repo/paths";
import { firstColumn, RepoTable, RowHead } from "@/components/repo/repo-table";
import { Breadcrumb } from "@/components/ui/breadcrumb";

const TABLE_METRICS: MetricId[] = ["recall@5", "recall@10", "recall@20", "mrr", "bcy@4000", "bcy@8000", "bcy@16000", "bcy@32000"];
const at = (m: MetricId) => METRIC_IDS.indexOf(m);

function AggregateRow({ label, agg, weighting, href }: { label: string; agg: Aggregate | null; weighting: "sample" | "repo"; href?: string }) {
  return (
    <tr>
      <RowHead className="whitespace-nowrap font-medium text-slate-800" note={agg ? `${agg.samples} samples, ${agg.repos} repos` : "no sample"}>
        {href ? (
          <Link href={href} className="underline-offset-2 hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </RowHead>
      {TABLE_METRICS.map((m) => (
        <EstimateCell key={m} e={agg ? agg[weighting][at(m)] : null} />
      ))}
    </tr>
  );
}

// A table of aggregates: a row per scope (a task, a candidate filter), the run's metrics across.
function AggregateTable({ caption, scroll, testId, children }: { caption: string; scroll: string; testId?: string; children: React.ReactNode }) {
  return (
    <RepoTable caption={caption} scroll={scroll} testId={testId} cell="whitespace-nowrap px-2 py-2 text-right" columns={[firstColumn("Scope"), ...TABLE_METRICS.map(metricLabel)]}>
      {children}
    </RepoTable>
  );
}

function share(v: number | null): string {
  return v === null ? "—" : fmtPct(v);
}

function SelectiveRow({ label, o, help }: { label: string; o: SelectiveOutcome | null; help: string }) {
  return (
    <tr>
      <RowHead className="font-medium text-slate-800" note={help}>
        {label}
      </RowHead>
      {(["success", "positive", "natural", "counterfactual", "abstained"] as const).map((k) => (
        <td key={k} className="num-cell">
          {o ? share(o[k]) : "—"}
        </td>
      ))}
    </tr>
  );
}

// A repository-retrieval model page: metrics per task in the chosen weighting, the budget curve,
// first-gold depth, candidate filters, selective retrieval, and every sample with a link to its
// drilldown. Visible to everyone once published; before that to its owner and maintainers only.
export async function RunPageScreen({ id, searchParams }: { id: string; searchParams: RawSearchParams }) {
  const data = await orNotFound(loadRunPage(id));
  const s = data.submission;
  const a = data.analysis;
  const weighting = searchParams.weighting === "repo" ? "repo" : "sample";
  const self = `/submissions/${s.id}`;
  const w = (x: "sample" | "repo") => `${self}${qs([["weighting", x === "sample" ? null : x]])}`;
  const meta = (s.metadata ?? {}) as { openWeights?: boolean; notes?: string; link?: string };
  return (
    <div className="space-y-6">
      <Breadcrumb trail={[{ href: versionPath(s.benchmark.slug, s.benchmark.version), label: `${s.benchmark.slug} ${s.benchmark.version}` }]} current={s.model.name} />
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{s.model.name}</h1>
          {s.isBaseline && <Badge>baseline</Badge>}
          {s.status !== "published" && <Badge tone="info">{s.status}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          {s.model.provider} · {data.kind === "chunk_embeddings" ? `chunk embeddings (${s.model.similarity}, d = ${s.model.dims})` : data.kind === "run_trec" ? "TREC run file" : "run file (JSON lines)"}
          {meta.openWeights !== undefined && <> · open weights: {meta.openWeights ? "yes" : "no"}</>} · submitted {fmtDate(s.createdAt)}
          {meta.link && (
            <>
              {" "}
              ·{" "}
              <a href={meta.link} className="text-emerald-800 underline underline-offset-2" rel="noopener noreferrer">
                link
              </a>
            </>
          )}
        </p>
        {meta.notes && <p className="max-w-3xl text-sm text-slate-700">{meta.notes}</p>}
        {s.status === "failed" && <p className="text-sm text-rose-800">Scoring failed: {s.error}</p>}
      </header>

      {!a ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{s.status === "failed" ? "No results." : "Not scored yet."}</p>
      ) : (
        <>
          <Card
            id="metrics"
            title="Metrics per task (means over positive samples, 95% bootstrap CI)"
            lead={
              <>
                Weighting:{" "}
                <Link href={w("sample")} aria-current={weighting === "sample" ? "true" : undefined} className="underline underline-offset-2 aria-[current=true]:font-semibold">
                  each sample
                </Link>{" "}
                ·{" "}
                <Link href={w("repo")} aria-current={weighting === "repo" ? "true" : undefined} className="underline underline-offset-2 aria-[current=true]:font-semibold">
                  each repository
                </Link>
              </>
            }
          >
            <AggregateTable caption={`Metrics per task, ${weighting === "repo" ? "repository-equal" : "sample-weighted"}`} scroll="Metrics per task" testId="repo-metrics">
              <AggregateRow label="All positive tasks" agg={a.overall} weighting={weighting} />
              {(["code2test", "comment2context", "trace2code", "edit2ripple"] as const).map((t) => (
                <AggregateRow key={t} label={TASK_LABELS[t]} agg={a.byTask[t]} weighting={weighting} />
              ))}
            </AggregateTable>
          </Card>

          {a.overall && (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card id="budget" title="Budget curve" lead="BCY against the context budget (tokens): the share of gold files an agent's window would hold.">
                <div role="img" aria-label={`BCY by budget: ${BUDGETS.map((b) => `${b / 1000}k ${a.overall![weighting][at(`bcy@${b}` as MetricId)].value.toFixed(3)}`).join(", ")}`}>
                  <CiLineChart
                    points={BUDGETS.map((b) => {
                      const e = a.overall![weighting][at(`bcy@${b}` as MetricId)];
                      return { x: b / 1000, value: e.value, ci: [e.ciLow, e.ciHigh] };
                    })}
                    xLabel="budget (thousand tokens)"
                    yLabel="BCY"
                    ticks={[4, 8, 16, 32]}
                  />
                </div>
              </Card>
              <Card id="depth" title="First-gold depth" lead="Share of positive samples with a gold file within the first d ranked files.">
                <div role="img" aria-label={`Gold by depth: ${FIRST_GOLD_DEPTHS.map((d) => `${d}: ${a.overall![weighting][at(`any@${d}` as MetricId)].value.toFixed(3)}`).join(", ")}`}>
                  <CiLineChart
                    points={FIRST_GOLD_DEPTHS.map((d) => {
                      const e = a.overall![weighting][at(`any@${d}` as MetricId)];
                      return { x: d, value: e.value, ci: [e.ciLow, e.ciHigh] };
                    })}
                    xLabel="depth d"
                    yLabel="a gold file by d"
                    ticks={[1, 10, 20, 50, 100]}
                  />
                </div>
              </Card>
            </div>
          )}

          <Card id="filters" title="Candidate filters (diagnostic)" lead="The same rankings with files outside the filter removed; gold files stay what they are, so a filter that removes them costs recall. The official numbers use all files.">
            <AggregateTable caption="Candidate-filter diagnostics" scroll="Candidate filters">
              <AggregateRow label="all files" agg={a.overall} weighting={weighting} />
              <AggregateRow label="code only" agg={a.filters.code} weighting={weighting} />
              <AggregateRow label="tests only" agg={a.filters.tests} weighting={weighting} />
            </AggregateTable>
          </Card>

          <Card
            id="selective"
            title="Selective retrieval"
            lead={
              a.selective
                ? `Should the system return files at all? Confidence: ${a.selective.confidence === "abstention" ? "the run's abstention scores" : "the score of its first ranked file"}; thresholds calibrated by ${a.selective.folds}-fold cross-validation grouped by ${a.selective.grouping}. A positive succeeds when answered with a gold file in the first 20; a no-gold sample when abstained on.`
                : "This version has no no-gold sample."
            }
          >
            {a.selective && (
              <RepoTable caption="Selective success by policy" scroll="Selective retrieval" testId="repo-selective"
                columns={[firstColumn("Policy"), "success", `on positives (${a.selective.counts.positive})`, `natural no-gold (${a.selective.counts.natural})`, `counterfactual (${a.selective.counts.counterfactual})`, "abstained"]}
              >
                <SelectiveRow label="Never abstain" o={a.selective.always} help="every sample answered" />
                <SelectiveRow label="Calibrated" o={a.selective.calibrated} help="thresholds from every no-gold sample" />
                <SelectiveRow label="Natural only" o={a.selective.naturalOnly} help="counterfactual controls removed, recalibrated" />
              </RepoTable>
            )}
          </Card>

          <Card id="samples" title={`Samples (${data.samples.length})`} lead="Each sample opens its drilldown: the query, the given and gold files, the ranked files and what fits in each budget.">
            <RepoTable caption="Per-sample results" scroll="Samples" testId="repo-samples"
              columns={[firstColumn("Sample"), firstColumn("Task"), { label: "Repository", className: "hidden px-2 py-2 text-left md:table-cell" }, "first gold at", "Recall@20", "MRR"]}
            >
              {data.samples.map((r) => (
                <tr key={r.sampleId}>
                  <td className="max-w-[14rem] truncate px-2 py-1.5 font-mono text-xs">
                    <Link href={sampleDrillPath(s.id, r.sampleId)} className="text-emerald-800 underline underline-offset-2">
                      {r.sampleId}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-2 py-1.5">{TASK_LABELS[r.task]}</td>
                  <td className="hidden px-2 py-1.5 text-slate-600 md:table-cell">{r.repo}</td>
                  <td className="num-cell">{r.values === null ? "—" : r.firstGold ? (r.firstGold[0] === r.firstGold[1] ? r.firstGold[0] : `${r.firstGold[0]}–${r.firstGold[1]} (tie)`) : "not listed"}</td>
                  <td className="num-cell">{r.values ? r.values[at("recall@20")].toFixed(3) : "—"}</td>
                  <td className="num-cell">{r.values ? r.values[at("mrr")].toFixed(3) : "—"}</td>
                </tr>
              ))}
            </RepoTable>
          </Card>
        </>
      )}
    </div>
  );
}
