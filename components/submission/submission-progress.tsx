"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import { MetricsSummary, type MetricFamily } from "./metrics-summary";
import { VerifiedBadge, WarningNote } from "./review-marks";
import { StageSteps } from "./stage-steps";
import { FINAL, STAGES, STATUS_TEXT, type Status } from "./stages";
import { StatusBadge } from "./status-badge";
import { HistoryList } from "@/components/submission/history-list";

// The live status of one submission: polls GET /api/v1/submissions/{id} until it is final,
// shows the stage with its N of M, and announces each new stage (not every tick) to screen
// readers. Once scored it shows the private results with a link to the full page and drilldowns.
// While it waits, it also says when no worker is running to take it (GET /api/v1/health, every
// few polls), so a vendor is not left watching a queue nobody serves.
const POLL_MS = 1500;
const HEALTH_EVERY = 8;

export function SubmissionProgress({
  initial,
  families,
  workerWarning: initialWarning = null,
}: {
  initial: SubmissionView;
  /** The metric families of the benchmark's kind, for the results table. */
  families?: readonly MetricFamily[];
  workerWarning?: string | null;
}) {
  const [view, setView] = useState(initial);
  const [workerWarning, setWorkerWarning] = useState(initialWarning);
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const last = useRef<Status>(initial.status);
  const status = view.status as Status;
  const final = FINAL.includes(status);

  useEffect(() => {
    if (final) return;
    let stopped = false;
    let tick = 0;
    const timer = setInterval(async () => {
      if (++tick % HEALTH_EVERY === 0) void refreshWorkerWarning(() => stopped, setWorkerWarning);
      try {
        const res = await fetch(`/api/v1/submissions/${view.id}`, { cache: "no-store", headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const next = (await res.json()) as SubmissionView;
        if (stopped) return;
        setProblem(null);
        setView(next);
        if (next.status !== last.current) {
          last.current = next.status as Status;
          setAnnounce(`Status: ${describe(next.status as Status)}`);
        }
      } catch (e) {
        if (!stopped) setProblem(`Could not refresh the status (${(e as Error).message}); retrying.`);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [final, view.id]);

  const failedAt = status === "failed" ? lastStage(view.history) : null;
  return (
    <div className="space-y-6">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} progress={view.progress} />
        {view.review.verified && <VerifiedBadge />}
        {!final && <span className="text-xs text-slate-500">Updates every few seconds.</span>}
      </div>
      {problem && <p className="text-sm text-amber-800">{problem}</p>}
      {!final && workerWarning && (
        <p role="alert" data-testid="worker-warning" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Waiting: </span>
          {workerWarning}. Nothing is lost: it moves on by itself as soon as that changes.
        </p>
      )}

      <section aria-labelledby="stages-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="stages-heading" className="mb-3 text-base font-semibold">
          Progress
        </h2>
        <StageSteps status={status} progress={view.progress} failedAt={failedAt} />
      </section>

      <Outcome view={view} />

      {view.metrics && (
        <section aria-labelledby="results-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-heading" className="text-base font-semibold">
              Results
            </h2>
            <Link prefetch={false} href={`/submissions/${view.id}`} className="text-sm font-medium text-emerald-800 underline hover:text-emerald-950">
              Full results and per-query drilldowns
            </Link>
          </div>
          <MetricsSummary metrics={view.metrics} families={families} caption="Mean over queries, with 95% bootstrap intervals. Higher is better." />
        </section>
      )}

      <HistoryList history={view.history} title="History" />
    </div>
  );
}

// After scoring: the review's outcome (a failure has a card of its own), then any warning a
// maintainer attached.
function Outcome({ view }: { view: SubmissionView }) {
  if (view.status === "failed") return <FailureCard view={view} />;
  const status = reviewStatus(view);
  if (!status) return null;
  return (
    <div className="space-y-2">
      {status}
      {view.review.warningNote && <WarningNote note={view.review.warningNote} />}
    </div>
  );
}

function reviewStatus(view: SubmissionView): React.ReactNode {
  switch (view.status) {
    case "rejected":
    case "hidden":
      return (
        <div role="status" className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900">
          <p className="font-semibold">{view.status === "rejected" ? "A maintainer rejected this submission" : "A maintainer took this submission off the leaderboard"}</p>
          <p className="mt-1 break-words" data-testid="review-reason">
            Reason: {view.review.reason}
          </p>
        </div>
      );
    case "scored":
      return (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          Scored. The results below are private to you and the maintainers until a maintainer reviews and publishes them.
        </p>
      );
    case "published":
      return (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          Published: it is on the{" "}
          <Link prefetch={false} href="/" className="font-medium underline">
            leaderboard
          </Link>
          .
        </p>
      );
    default:
      return null;
  }
}

// Why scoring failed, for the vendor: the status line, what happened in words, the log lines that
// matter and what to change; whose fault it was decides whether the quota was refunded.
function FailureCard({ view }: { view: SubmissionView }) {
  const f = view.failure;
  return (
    <section role="alert" aria-labelledby="failure-title" data-testid="failure" className="space-y-3 rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-950">
      <div>
        <h2 id="failure-title" className="text-base font-semibold">
          Scoring failed{f ? `: ${f.title}` : ""}
        </h2>
        <p className="mt-1 break-words" data-testid="failure-reason">
          {view.error}
        </p>
      </div>
      {f && (
        <>
          <p data-testid="failure-what">
            {f.what}
            {f.stage && <span className="text-rose-900"> (stopped while {f.stage})</span>}
          </p>
          {f.excerpt.length > 0 && (
            <div>
              <p className="font-medium">From the scoring log</p>
              <pre tabIndex={0} data-testid="failure-log" className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded border border-rose-200 bg-white p-2 font-mono text-xs leading-5 text-slate-900">
                {f.excerpt.join("\n")}
              </pre>
            </div>
          )}
          <div>
            <p className="font-medium">{f.cause === "file" ? "What to change" : "What to do"}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="failure-fix">
              {f.fix.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </div>
          <p className="text-xs text-rose-900">
            {f.cause === "file"
              ? "The file was at fault, so this submission counts against your quota."
              : f.refunded
                ? "ExecBoard was at fault: this submission was refunded and does not count against your quota."
                : "ExecBoard was at fault."}{" "}
            <Link prefetch={false} href="/submit#format" className="underline">
              The submission format
            </Link>
            {" · "}
            <a href={`/api/v1/submissions/${view.id}/logs`} className="underline">
              the full log (JSON)
            </a>
          </p>
        </>
      )}
    </section>
  );
}

function describe(s: Status): string {
  return STAGES.find((x) => x.status === s)?.label ?? STATUS_TEXT[s];
}

// The last pipeline stage a failed submission reached, from its history.
function lastStage(history: SubmissionView["history"]): Status | null {
  const stages = STAGES.map((s) => s.status as Status);
  for (let i = history.length - 1; i >= 0; i--) if (stages.includes(history[i].status as Status)) return history[i].status as Status;
  return null;
}

async function refreshWorkerWarning(stopped: () => boolean, set: (w: string | null) => void): Promise<void> {
  try {
    const res = await fetch("/api/v1/health", { cache: "no-store", headers: { accept: "application/json" } });
    if (!res.ok) return;
    const health = (await res.json()) as { warnings?: string[] };
    if (!stopped()) set(health.warnings?.[0] ?? null);
  } catch {
    // The status poll reports an unreachable site.
  }
}
