import type { QuotaView } from "@/lib/quotas/quota-view";
import { FactList } from "@/components/ui/fact-list";

// One benchmark's quota (the viewer's own, or an organisation's): what is left today, right now
// and in total, and when the day resets.
export function QuotaCard({ quota }: { quota: QuotaView }) {
  const id = quota.organisation ? `quota-${quota.organisation.slug}-${quota.benchmark}` : `quota-${quota.benchmark}`;
  const rows = [
    ["Today", quota.remaining.perDay, quota.limits.perDay],
    ["Scoring at once", quota.remaining.concurrent, quota.limits.concurrent],
    ["In total", quota.remaining.total, quota.limits.total],
  ] as const;
  return (
    <section aria-labelledby={id} data-testid={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="text-sm font-semibold">
        {quota.benchmark}
        {quota.organisation && <span className="font-normal text-slate-600"> · {quota.organisation.name} (shared by its members)</span>}
      </h3>
      <p className="mt-1 text-sm">
        <strong className="text-lg tabular-nums" data-testid="quota-available">
          {quota.available}
        </strong>{" "}
        submission{quota.available === 1 ? "" : "s"} available now
      </p>
      <FactList look="plain" className="mt-2 grid grid-cols-3 gap-2 text-xs" facts={rows.map(([label, left, limit]) => ({ term: label, value: `${left} of ${limit} left` }))} />
      <p className="mt-2 text-xs text-slate-500">
        The daily count restarts at <time dateTime={quota.dayResetsAt}>{quota.dayResetsAt.slice(11, 16)} UTC</time>.
        {quota.refunded > 0 && ` ${quota.refunded} submission(s) the platform failed were not charged.`}
      </p>
    </section>
  );
}
