import Link from "next/link";
import { fmtP } from "@/components/ui/format";
import { getTaskWinners, WINNER_METRICS } from "@/lib/repo-board/task-winners";
import { TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import { metricLabel } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadVersionNav } from "@/app/_server/page-loaders";
import type { VersionScreenProps } from "@/app/_server/version-page";
import { qs, tasksPath } from "@/components/repo/paths";
import { RepoNav } from "@/components/repo/repo-nav";
import { RepoTable, RowHead } from "@/components/repo/repo-table";

// Task winners: per task and metric, the best published run with its interval, the runner-up,
// and whether the lead is significant. Where the winners differ, no retrieval family dominates.
export async function TaskWinnersScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const weighting = searchParams.weighting === "repo" ? "repo" : "sample";
  const t = await orNotFound(getTaskWinners(slug, nav.version, weighting));
  const base = tasksPath(slug, nav.version);
  return (
    <section aria-labelledby="tasks-heading" className="space-y-6">
      <RepoNav {...nav} tab="tasks" headingId="tasks-heading" />
      <p className="max-w-3xl text-sm text-slate-600">
        For each task, the published run with the highest value, its 95% interval, and the runner-up; “significant” when the paired sign-flip test between the two gives p &lt;
        0.05. Weighting:{" "}
        <Link href={base} aria-current={weighting === "sample" ? "true" : undefined} className="underline underline-offset-2 aria-[current=true]:font-semibold">
          each sample
        </Link>{" "}
        ·{" "}
        <Link href={`${base}${qs([["weighting", "repo"]])}`} aria-current={weighting === "repo" ? "true" : undefined} className="underline underline-offset-2 aria-[current=true]:font-semibold">
          each repository
        </Link>
      </p>
      <RepoTable caption="Task winners by metric" scroll="Task winners" standalone testId="task-winners" cell="px-2 py-2 text-left"
        columns={["Task", ...WINNER_METRICS.map(metricLabel)]}
      >
        {t.rows.map((r) => (
          <tr key={r.task}>
            <RowHead className="whitespace-nowrap font-medium text-slate-800" note={`${r.samples} samples`}>
              {r.task === "all" ? "All positive tasks" : TASK_LABELS[r.task]}
            </RowHead>
            {WINNER_METRICS.map((m) => {
              const c = r.cells[m];
              return (
                <td key={m} className="min-w-[12rem] px-2 py-2 align-top">
                  {c.winner ? (
                    <>
                      <Link href={`/submissions/${c.winner.submissionId}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                        {c.winner.model}
                      </Link>
                      <span className="block tabular-nums text-slate-800">
                        {c.winner.value.value.toFixed(3)} <span className="text-xs text-slate-500">[{c.winner.value.ciLow.toFixed(3)}, {c.winner.value.ciHigh.toFixed(3)}]</span>
                      </span>
                      {c.runnerUp && (
                        <span className="block text-xs text-slate-600">
                          next: {c.runnerUp.model} {c.runnerUp.value.value.toFixed(3)} · {c.significant ? <strong className="text-emerald-800">significant</strong> : "not significant"}
                          {c.pValue !== null && ` (p = ${fmtP(c.pValue)})`}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </RepoTable>
    </section>
  );
}
