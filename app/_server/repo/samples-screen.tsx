import Link from "next/link";
import { queriesPath } from "@/components/benchmark/paths";
import { listVersionSamples } from "@/lib/repo-board/samples";
import { loadPublishedRuns } from "@/lib/repo-board/published-runs";
import { ALL_TASKS, TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import type { RepoTask } from "@/lib/db/generated/enums";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadVersionNav } from "@/app/_server/page-loaders";
import type { VersionScreenProps } from "@/app/_server/version-page";
import { qs, sampleDrillPath } from "@/components/repo/paths";
import { RepoNav } from "@/components/repo/repo-nav";
import { firstColumn, RepoTable } from "@/components/repo/repo-table";

// A repository-retrieval version's samples: task, repository, query, gold and given counts, how
// many published runs find a gold file in their first 20; each opens its drilldown under a run.
export async function RepoSamplesScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const task = (ALL_TASKS as readonly string[]).includes(String(searchParams.task)) ? (searchParams.task as RepoTask) : "all";
  const data = await orNotFound(listVersionSamples(slug, nav.version, task));
  const runs = [...(await loadPublishedRuns(data.versionId))].sort((a, b) => a.model.localeCompare(b.model));
  const run = runs.find((r) => r.submissionId === searchParams.run) ?? runs[0] ?? null;
  const base = queriesPath(slug, nav.version);
  const href = (change: { task?: string; run?: string }) => `${base}${qs([["task", (change.task ?? task) === "all" ? null : (change.task ?? task)], ["run", change.run ?? searchParams.run as string]])}`;
  return (
    <section aria-labelledby="samples-heading" className="space-y-6">
      <RepoNav {...nav} tab="samples" headingId="samples-heading" />
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Task</span>
        {(["all", ...ALL_TASKS] as const).map((t) => (
          <Link key={t} href={href({ task: t })} aria-current={t === task ? "true" : undefined} className={`rounded-md px-2 py-1 ring-1 ring-inset ${t === task ? "bg-emerald-700 text-white ring-emerald-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
            {t === "all" ? "all" : TASK_LABELS[t]}
          </Link>
        ))}
      </div>
      {runs.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Drill down with</span>
          {runs.map((r) => (
            <Link key={r.submissionId} href={href({ run: r.submissionId })} aria-current={r === run ? "true" : undefined} className={`rounded-md px-2 py-1 ring-1 ring-inset ${r === run ? "bg-slate-800 text-white ring-slate-800" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
              {r.model}
            </Link>
          ))}
        </div>
      )}
      <RepoTable caption={`${data.rows.length} samples`} scroll="Samples" standalone testId="repo-sample-list"
        columns={[firstColumn("Sample"), firstColumn("Task"), { label: "Query", className: "hidden px-2 py-2 text-left md:table-cell" }, "gold / given", `runs with gold in top 20 (of ${data.runs})`]}
      >
        {data.rows.map((r) => (
          <tr key={r.sampleId}>
            <td className="max-w-[12rem] truncate px-2 py-1.5 font-mono text-xs">
              {run ? (
                <Link href={sampleDrillPath(run.submissionId, r.sampleId)} className="text-emerald-800 underline underline-offset-2">
                  {r.sampleId}
                </Link>
              ) : (
                r.sampleId
              )}
              <span className="block font-sans text-slate-500">{r.repo}</span>
            </td>
            <td className="whitespace-nowrap px-2 py-1.5">{TASK_LABELS[r.task]}</td>
            <td className="hidden max-w-[28rem] truncate px-2 py-1.5 text-slate-700 md:table-cell">{r.summary}</td>
            <td className="num-cell">
              {r.gold} / {r.given}
            </td>
            <td className="num-cell">{r.found === null ? "—" : Number.isInteger(r.found) ? r.found : r.found.toFixed(1)}</td>
          </tr>
        ))}
      </RepoTable>
    </section>
  );
}
