import Link from "next/link";
import { VerifiedBadge } from "@/components/submission/review-marks";
import type { Status } from "@/components/submission/stages";
import { StatusBadge } from "@/components/submission/status-badge";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import type { ReviewItem } from "@/lib/review/review-item";
import { ReviewFlags } from "./review-flags";

// One submission in the review queue: what it is, whose, how it scored, its marks and flags (so a
// maintainer publishes knowing them). `select` and `actions` are the queue's checkbox and inline
// actions; `outcome` what the last action on it did; `href` its review page (with the queue's filter).
export function ReviewItemCard({ item, ties, href = `/review/${item.id}`, select, actions, outcome }: { item: ReviewItem; ties: TieDiagnostics | null; href?: string; select?: React.ReactNode; actions?: React.ReactNode; outcome?: React.ReactNode }) {
  return (
    <li data-submission={item.id} data-flags={item.flags.map((f) => f.kind).join(" ") || undefined} className="grid gap-3 p-4 sm:grid-cols-[auto_1fr_auto] sm:items-start" tabIndex={-1}>
      <div className="pt-0.5">{select}</div>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link prefetch={false} href={href} className="font-semibold text-slate-900 underline-offset-2 hover:underline">
            {item.model.name}
          </Link>
          <StatusBadge status={item.status as Status} />
          {item.review.verified && <VerifiedBadge />}
          {item.isBaseline && <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs">baseline</span>}
          {ties?.editBlind && <EditBlindBadge ties={ties} id={`edit-blind-${item.id}`} />}
        </p>
        <p className="break-words text-sm text-slate-600">
          {item.model.provider} · by {item.owner.email} · {item.benchmark.slug} {item.benchmark.version} · {item.kind === "ranking" ? "ranking file" : `${item.model.dims}d ${item.model.dtype}`}
          {" · "}
          {item.exec1 ? (
            <span className="tabular-nums">
              exec@1 <strong className="text-slate-900">{item.exec1.value.toFixed(3)}</strong> ({item.exec1.ci95[0].toFixed(3)}–{item.exec1.ci95[1].toFixed(3)})
            </span>
          ) : (
            "no results"
          )}
        </p>
        <ReviewFlags flags={item.flags} />
        {item.review.warningNote && (
          <p className="text-sm text-amber-900">
            <span aria-hidden="true">⚠ </span>Note: {item.review.warningNote}
          </p>
        )}
        {item.review.reason && <p className="text-sm text-rose-800">Reason: {item.review.reason}</p>}
        {outcome}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm sm:justify-end">
        {actions}
        <Link
          prefetch={false}
          href={href}
          className="rounded border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          Review<span className="sr-only"> {item.model.name}</span>
        </Link>
      </div>
    </li>
  );
}
