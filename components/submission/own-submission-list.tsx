import Link from "next/link";
import type { OwnSubmission } from "@/lib/account/list-own-submissions";
import { VerifiedBadge } from "./review-marks";
import type { Status } from "./stages";
import { StatusBadge } from "./status-badge";

// A vendor's submissions (and their organisations', labelled) as cards that stack on a phone and
// line up on a desktop.
export function OwnSubmissionList({ items }: { items: OwnSubmission[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Your submissions">
      {items.map((s) => (
        <li key={s.id} data-submission={s.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <Link prefetch={false} href={`/submissions/${s.id}/status`} className="font-semibold text-slate-900 underline-offset-2 hover:underline">
                {s.model.name}
              </Link>
              <StatusBadge status={s.status as Status} progress={s.progress} />
              {s.review.verified && <VerifiedBadge />}
              {s.organisation && (
                <span className="rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900" data-testid="organisation-label">
                  {s.organisation.name}
                  {!s.submittedBy.you && <span className="font-normal"> · by {s.submittedBy.email}</span>}
                </span>
              )}
            </p>
            <p className="text-sm text-slate-600">
              {s.model.provider} · {s.benchmark.slug} {s.benchmark.version} · {s.kind === "ranking" ? "ranking file" : "embeddings"} ·{" "}
              <time dateTime={s.createdAt}>{s.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
            </p>
            {(s.status === "rejected" || s.status === "hidden") && s.review.reason && (
              <p className="text-sm text-rose-800">
                <span className="font-medium">{s.status === "rejected" ? "Rejected" : "Hidden"}:</span> {s.review.reason}
              </p>
            )}
            {s.status === "failed" && s.error && <p className="break-words text-sm text-rose-800">Failed: {s.error}</p>}
            {s.review.warningNote && (
              <p className="text-sm text-amber-900">
                <span aria-hidden="true">⚠ </span>
                <span className="font-medium">Maintainer note:</span> {s.review.warningNote}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm sm:justify-end">
            {s.exec1 && (
              <span className="tabular-nums" title="exec@1 with its 95% bootstrap interval">
                exec@1 <strong>{s.exec1.value.toFixed(3)}</strong>{" "}
                <span className="text-slate-500">
                  ({s.exec1.ci95[0].toFixed(3)}–{s.exec1.ci95[1].toFixed(3)})
                </span>
              </span>
            )}
            {s.exec1 && (
              <Link prefetch={false} href={`/submissions/${s.id}`} className="font-medium text-emerald-800 underline">
                Results<span className="sr-only"> of {s.model.name}</span>
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
