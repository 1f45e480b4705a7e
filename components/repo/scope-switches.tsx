import Link from "next/link";
import { TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import type { Scope } from "@/lib/repo-board/scope";
import { qs } from "./paths";

type Choice<T> = { value: T; label: string };

function Switch<T extends string | number>({ label, choices, current, hrefOf }: { label: string; choices: Choice<T>[]; current: T; hrefOf: (v: T) => string }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm">
      <span className="mr-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</span>
      {choices.map((c) => (
        <Link
          key={String(c.value)}
          href={hrefOf(c.value)}
          aria-current={c.value === current ? "true" : undefined}
          className={`rounded-md px-2 py-1 ring-1 ring-inset focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600 ${
            c.value === current ? "bg-emerald-700 font-medium text-white ring-emerald-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
          }`}
        >
          {c.label}
        </Link>
      ))}
    </div>
  );
}

/** The query string of a scope (defaults left out), with extra pairs. */
export function scopeQuery(s: Scope, extra: [string, string | number | null | undefined][] = []): string {
  return qs([["task", s.task === "all" ? null : s.task], ["weighting", s.weighting === "sample" ? null : s.weighting], ["filter", s.filter === "all" ? null : s.filter], ["budget", s.budget === 8000 ? null : s.budget], ...extra]);
}

// The scope switches of the track's pages: task, weighting, budget, candidate filter. Links,
// so they work without JavaScript and every state has its own URL.
export function ScopeSwitches({ scope, basePath, extra = [], show = ["task", "weighting", "budget", "filter"] }: { scope: Scope; basePath: string; extra?: [string, string | number | null | undefined][]; show?: ("task" | "weighting" | "budget" | "filter")[] }) {
  const href = (change: Partial<Scope>) => `${basePath}${scopeQuery({ ...scope, ...change }, extra)}`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      {show.includes("task") && (
        <Switch
          label="Task"
          current={scope.task}
          hrefOf={(task) => href({ task, ...(task !== "all" ? { filter: "all" as const } : {}) })}
          choices={[{ value: "all", label: "all positive" }, ...(["code2test", "comment2context", "trace2code", "edit2ripple"] as const).map((t) => ({ value: t, label: TASK_LABELS[t] }))]}
        />
      )}
      {show.includes("weighting") && (
        <Switch label="Weighting" current={scope.weighting} hrefOf={(weighting) => href({ weighting })} choices={[{ value: "sample", label: "each sample" }, { value: "repo", label: "each repository" }]} />
      )}
      {show.includes("budget") && <Switch label="BCY budget" current={scope.budget} hrefOf={(budget) => href({ budget })} choices={([4000, 8000, 16000, 32000] as const).map((b) => ({ value: b, label: `${b / 1000}k` }))} />}
      {show.includes("filter") && (
        <Switch label="Candidates" current={scope.filter} hrefOf={(filter) => href({ filter, ...(filter !== "all" ? { task: "all" as const } : {}) })} choices={[{ value: "all", label: "all files" }, { value: "code", label: "code only" }, { value: "tests", label: "tests only" }]} />
      )}
    </div>
  );
}
