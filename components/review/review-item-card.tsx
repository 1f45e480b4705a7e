import Link from "next/link";
import { VerifiedBadge } from "@/components/submission/review-marks";
import type { Status } from "@/components/submission/stages";
import { StatusBadge } from "@/components/submission/status-badge";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import type { ReviewItem } from "@/lib/review/review-item";

// One submission in the review queue: what it is, whose, how it scored, and its marks (with the
// edit-blind flag from its tie diagnostics, so a maintainer publishes knowing it).
export function ReviewItemCard({ item, ties }: { item: ReviewItem; ties: TieDiagnostics | null }) {
  return (
    <li data-submission={item.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link prefetch={false} href={`/review/${item.id}`} className="font-semibold text-slate-900 underline-offset-2 hover:underline">
            {item.model.name}
          </Link>
          <StatusBadge status={item.status as Status} />
          {item.review.verified && <VerifiedBadge />}
          {item.isBaseline && <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs">baseline</span>}
          {ties?.editBlind && <EditBlindBadge ties={ties} id={`edit-blind-${item.id}`} />}
        </p>
        <p className="break-words text-sm text-slate-600">
          {item.model.provider} · by {item.owner.email} · {item.benchmark.slug} {item.benchmark.version} · {item.kind === "ranking" ? "ranking file" : `${item.model.dims}d ${item.model.dtype}`}
        </p>
        {item.review.warningNote && (
          <p className="text-sm text-amber-900">
            <span aria-hidden="true">⚠ </span>Note: {item.review.warningNote}
          </p>
        )}
        {item.review.reason && <p className="text-sm text-rose-800">Reason: {item.review.reason}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm sm:justify-end">
        {item.exec1 ? (
          <span className="tabular-nums">
            exec@1 <strong>{item.exec1.value.toFixed(3)}</strong>{" "}
            <span className="text-slate-500">
              ({item.exec1.ci95[0].toFixed(3)}–{item.exec1.ci95[1].toFixed(3)})
            </span>
          </span>
        ) : (
          <span className="text-slate-500">no results</span>
        )}
        <Link prefetch={false}
          href={`/review/${item.id}`}
          className="rounded border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          Review<span className="sr-only"> {item.model.name}</span>
        </Link>
      </div>
    </li>
  );
}
