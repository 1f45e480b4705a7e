import { RUNNING, STATUS_TEXT, type Status } from "./stages";

// A submission's status as a labelled pill: the words carry the meaning, the colour only helps.
const TONE: Record<Status, string> = {
  queued: "border-sky-200 bg-sky-50 text-sky-800",
  validating: "border-sky-200 bg-sky-50 text-sky-800",
  ranking: "border-sky-200 bg-sky-50 text-sky-800",
  executing: "border-sky-200 bg-sky-50 text-sky-800",
  scoring: "border-sky-200 bg-sky-50 text-sky-800",
  scored: "border-amber-200 bg-amber-50 text-amber-900",
  published: "border-emerald-200 bg-emerald-50 text-emerald-800",
  hidden: "border-slate-300 bg-slate-100 text-slate-700",
  rejected: "border-rose-200 bg-rose-50 text-rose-800",
  failed: "border-rose-200 bg-rose-50 text-rose-800",
};

const ICON: Partial<Record<Status, string>> = { published: "●", scored: "◐", hidden: "○", rejected: "✕", failed: "!" };

export function StatusBadge({ status, progress }: { status: Status; progress?: { done: number; total: number } }) {
  const running = RUNNING.includes(status);
  const count = running && progress && progress.total > 0 ? ` ${progress.done}/${progress.total}` : "";
  return (
    <span data-status={status} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>
      <span aria-hidden="true" className={running ? "motion-safe:animate-pulse" : undefined}>
        {running ? "◌" : ICON[status]}
      </span>
      {STATUS_TEXT[status]}
      {count}
    </span>
  );
}
