import { FINAL, STAGES, type Status } from "./stages";

// The pipeline as an ordered list of steps: done, in progress (with N of M), waiting — said in
// words as well as shown. A failed submission marks the step it failed at.
export function StageSteps({ status, progress, failedAt }: { status: Status; progress: { done: number; total: number }; failedAt: Status | null }) {
  const final = FINAL.includes(status);
  const currentIndex = final ? (status === "failed" && failedAt ? STAGES.findIndex((s) => s.status === failedAt) : STAGES.length) : STAGES.findIndex((s) => s.status === status);
  return (
    <ol className="space-y-3" aria-label="Scoring stages">
      {STAGES.map((stage, i) => {
        const state = i < currentIndex ? "done" : i === currentIndex ? (status === "failed" ? "failed" : "current") : "waiting";
        const showCount = state === "current" && stage.unit && progress.total > 0;
        const pct = showCount ? Math.floor((progress.done / progress.total) * 100) : 0;
        return (
          <li key={stage.status} data-stage={stage.status} data-state={state} aria-current={state === "current" ? "step" : undefined} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
                state === "done"
                  ? "border-emerald-600 bg-emerald-600 text-white"
                  : state === "current"
                    ? "border-sky-600 bg-white text-sky-700 motion-safe:animate-pulse"
                    : state === "failed"
                      ? "border-rose-600 bg-rose-600 text-white"
                      : "border-slate-300 bg-white text-slate-500"
              }`}
            >
              {state === "done" ? "✓" : state === "failed" ? "✕" : i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className={`text-sm ${state === "waiting" ? "text-slate-500" : "font-medium text-slate-900"}`}>
                {stage.label}
                <span className="ml-2 text-xs font-normal text-slate-500">
                  {state === "done" ? "done" : state === "current" ? "in progress" : state === "failed" ? "failed here" : "waiting"}
                </span>
              </p>
              {showCount && (
                <div className="mt-1 space-y-1">
                  <p className="text-xs tabular-nums text-slate-600" data-testid="stage-count">
                    {progress.done} of {progress.total} {stage.unit}
                  </p>
                  <div className="h-1.5 w-full max-w-sm overflow-hidden rounded bg-slate-200" aria-hidden="true">
                    <div className="h-full bg-sky-600 transition-all" style={{ width: `${pct}%` }} />
                  </div>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
