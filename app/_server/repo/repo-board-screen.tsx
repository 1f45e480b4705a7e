import Link from "next/link";
import { comparePath } from "@/components/benchmark/paths";
import { CiBarChart } from "@/components/charts/ci-bar-chart";
import { ProvisionalNote } from "@/components/benchmark/provisional-note";
import { Badge } from "@/components/ui/badge";
import { fmtDate, fmtP } from "@/components/ui/format";
import { DataTable, type Column } from "@/components/ui/data-table";
import { getRepoBoard, type RepoBoard } from "@/lib/repo-board/board";
import { parseMetric, parseScope } from "@/lib/repo-board/scope";
import { TASK_DESCRIPTIONS, TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import { metricLabel, METRIC_HELP } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/app/_server/or-not-found";
import type { RawSearchParams } from "@/lib/pages/search-params";
import { loadVersionNav } from "@/app/_server/page-loaders";
import { EstimateCell } from "@/components/repo/estimate-cell";
import { fusionPath } from "@/components/repo/paths";
import { RepoNav } from "@/components/repo/repo-nav";
import { ScopeSwitches, scopeQuery } from "@/components/repo/scope-switches";

const FORM_ID = "repo-board-selection";

const HEAD = "py-2.5 text-xs font-semibold text-slate-700";

// A metric's column heading: a link that sorts the board by it, with what it measures.
function sortColumn(board: RepoBoard, metric: string, label: string, basePath: string): Column {
  const active = board.sort === metric;
  return {
    key: metric,
    sort: active ? "descending" : undefined,
    className: `whitespace-nowrap px-2 text-right ${HEAD}`,
    label: (
      <Link href={`${basePath}${scopeQuery(board.scope, [["sort", metric === "mrr" ? null : metric]])}`} title={METRIC_HELP[metric.split("@")[0]]} className="underline-offset-2 hover:underline">
        {label}
        {active && <span aria-hidden> ▾</span>}
      </Link>
    ),
  };
}

// One repository-retrieval version's leaderboard: the scope switches, a chart of the sort
// metric with intervals, and the table (every metric with its interval, the leader's tie group
// by the paired sign-flip test). Rows can be selected for the compare and fusion pages.
export async function RepoBoardScreen({ slug, version, basePath, searchParams }: { slug: string; version?: string; basePath: string; searchParams: RawSearchParams }) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const scope = parseScope(searchParams);
  const board = await orNotFound(getRepoBoard(slug, nav.version, scope, parseMetric(searchParams.sort)));
  const b = board.benchmark;
  const headingId = `bench-${b.slug}`;
  const sortLabel = metricLabel(board.sort);
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <RepoNav {...nav} tab="leaderboard" headingId={headingId} />
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        {b.samples.toLocaleString("en")} samples over {b.files.toLocaleString("en")} files of repositories frozen at their base commits. Given a workflow query, a system ranks the
        files an agent needs next; values are means over positive samples with 95% bootstrap intervals, tie-aware, at depth 100. No-gold samples are scored by{" "}
        <Link href="/methodology#repo-selective" className="text-emerald-800 underline underline-offset-2">
          selective retrieval
        </Link>{" "}
        on each model page.
      </p>
      <ProvisionalNote systems={board.rows.filter((r) => r.provisional)} why="/methodology#repo-engine" />
      <ScopeSwitches scope={scope} basePath={basePath} extra={[["sort", board.sort === "mrr" ? null : board.sort]]} />
      {scope.task !== "all" && <p className="text-sm text-slate-700">{TASK_LABELS[scope.task]}: {TASK_DESCRIPTIONS[scope.task]}.</p>}
      {board.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">No published runs yet.</p>
      ) : board.samples === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">This version has no positive sample of {scope.task === "all" ? "any task" : TASK_LABELS[scope.task]}.</p>
      ) : (
        <>
          <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="repo-chart-caption">
            <figcaption id="repo-chart-caption" className="mb-3">
              <span className="block text-base font-semibold text-slate-900">{sortLabel} with 95% intervals</span>
              <span className="block text-sm text-slate-600">
                {board.samples} positive samples over {board.repos} repositories, {scope.weighting === "repo" ? "each repository weighted equally" : "each sample weighted equally"}
                {scope.filter !== "all" ? `, candidates: ${scope.filter === "code" ? "code only" : "tests only"} (a diagnostic)` : ""}.
              </span>
            </figcaption>
            <div role="img" aria-label={`Bar chart of ${sortLabel} with 95% intervals for ${board.rows.length} runs; the same numbers are in the table below.`}>
              <CiBarChart bars={board.rows.map((r) => ({ label: r.model, value: r.values[board.sort]?.value ?? 0, ci: [r.values[board.sort]?.ciLow ?? 0, r.values[board.sort]?.ciHigh ?? 0], muted: r.isBaseline }))} axisLabel={sortLabel} />
            </div>
          </figure>
          <form id={FORM_ID} method="get" action={comparePath(b.slug, b.version)} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">Selected runs:</span>
            <button type="submit" className="rounded-md bg-white px-2.5 py-1 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50">
              Compare
            </button>
            <button type="submit" formAction={fusionPath(b.slug, b.version)} className="rounded-md bg-white px-2.5 py-1 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50">
              Fuse (RRF)
            </button>
          </form>
          <DataTable
            caption={`${b.name} ${b.version} leaderboard, ranked by ${sortLabel}: means over positive samples with 95% bootstrap intervals.`}
            scroll="Leaderboard table"
            scrollClassName="rounded-xl border border-slate-200 bg-white shadow-sm"
            className="min-w-full border-collapse text-sm"
            testId="repo-leaderboard"
            headClassName="border-b border-slate-200 bg-slate-50"
            columns={[
              { label: "Rank", className: `px-3 text-right ${HEAD}` },
              { label: "Model / provider", className: `px-2 text-left ${HEAD}` },
              { label: "Submitted as", className: `hidden px-2 text-left md:table-cell ${HEAD}` },
              ...board.columns.map((c) => sortColumn(board, c.metric, c.label, basePath)),
            ]}
          >
            {board.rows.map((r) => (
              <tr key={r.submissionId} data-testid="repo-leaderboard-row" className={r.tie !== "below" ? "shadow-[inset_3px_0_0_#10b981]" : "hover:bg-slate-50"}>
                <td className="whitespace-nowrap py-2 pl-3 pr-2.5">
                  <div className="flex items-center justify-end gap-2.5">
                    <input type="checkbox" form={FORM_ID} name="runs" value={r.submissionId} aria-label={`Select ${r.model}`} className="h-4 w-4 rounded border-slate-400 accent-emerald-700" />
                    <span className="flex min-w-[2.75rem] flex-col items-end leading-tight">
                      <span className="font-semibold tabular-nums text-slate-900">{r.rank}</span>
                      {r.tie === "leader" && <span className="text-[10px] font-medium uppercase tracking-wide text-emerald-800">leader</span>}
                      {r.tie === "tied" && (
                        <span className="whitespace-nowrap text-[10px] font-medium text-sky-800" title={`Not significantly different from the leader on ${sortLabel} (paired sign-flip p = ${fmtP(r.pValue!)})`}>
                          ≈ leader
                        </span>
                      )}
                    </span>
                  </div>
                </td>
                <td className="min-w-[10rem] max-w-[18rem] px-2 py-2">
                  <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                    <Link href={`/submissions/${r.submissionId}`} className="font-medium text-slate-900 decoration-emerald-600 underline-offset-2 hover:underline">
                      {r.model}
                    </Link>
                    {r.isBaseline && <Badge>baseline</Badge>}
                    {r.provisional && (
                      <Badge tone="info" title="Scored by an earlier scoring engine; its automatic re-score is pending, so its numbers may change">
                        provisional
                      </Badge>
                    )}
                    {r.verified && (
                      <Badge tone="good">
                        <span aria-hidden>✓</span> verified
                      </Badge>
                    )}
                    {r.warningNote && (
                      <Badge tone="warn">
                        <span aria-hidden>⚠</span> warning
                      </Badge>
                    )}
                  </div>
                  <div className="text-xs text-slate-600">
                    {r.provider}
                    {r.organisation && <> · submitted by {r.organisation}</>}
                  </div>
                  {r.warningNote && <p className="mt-1 text-xs text-amber-900">{r.warningNote}</p>}
                </td>
                <td className="hidden whitespace-nowrap px-2 py-2 text-xs text-slate-600 md:table-cell">
                  {r.kind === "chunk_embeddings" ? "chunk embeddings" : r.kind === "run_trec" ? "TREC run" : "run (JSON lines)"}
                  <span className="block">{fmtDate(r.publishedAt)}</span>
                </td>
                {board.columns.map((c) => (
                  <EstimateCell key={c.metric} e={r.values[c.metric]} strong={c.metric === board.sort} />
                ))}
              </tr>
            ))}
          </DataTable>
          <p className="text-xs leading-relaxed text-slate-500">
            Rank is the position by {sortLabel}; equal values share a rank. “≈ leader” rows are not significantly different from the leader on it (two-sided paired sign-flip test
            over samples, α = 0.05, no multiple-comparison correction). Exactly tied scores are never ordered by the run: every value is the exact expectation over all orders of
            the tied files. BCY packs the ranked files, each rendered as “### path” and its content, into the budget in cl100k_base tokens. Hover a column header for what it
            measures.
          </p>
        </>
      )}
    </section>
  );
}
