import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditList } from "@/components/review/audit-list";
import { ReviewActions } from "@/components/review/review-actions";
import { ReviewNav } from "@/components/review/review-nav";
import { MetricsSummary } from "@/components/submission/metrics-summary";
import { VerifiedBadge, WarningNote } from "@/components/submission/review-marks";
import type { Status } from "@/components/submission/stages";
import { StatusBadge } from "@/components/submission/status-badge";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { isAppError } from "@/lib/errors/app-error";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import { fmtPct } from "@/components/ui/format";
import { loadTies } from "@/lib/analysis/load-ties";
import { canonicalTieShare } from "@/lib/pages/ties-view";
import { ReviewFlags } from "@/components/review/review-flags";
import { getReviewItem } from "@/lib/review/get-review-item";
import { queueFilterSchema, type QueueFilter } from "@/lib/review/list-review-queue";
import { nextInQueue } from "@/lib/review/next-in-queue";
import { queueQuery, reviewHref } from "@/components/review/queue-filter";
import { getSubmission } from "@/lib/submissions/get-submission";
import { requireMaintainerPage } from "../guard";
import { HistoryList } from "@/components/submission/history-list";
import { kindOfBenchmark } from "@/lib/kinds/registry";
import { Section } from "@/components/ui/section";
import { FactList } from "@/components/ui/fact-list";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Review a submission", "A submission under review: its results, flags and the review actions.", { noindex: true });

// The queue filter the address carries (components/review/queue-filter.ts); an invalid one is
// dropped, as the queue page drops it.
function readQueueFilter(params: Record<string, string | string[] | undefined>): QueueFilter {
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);
  const parsed = queueFilterSchema.safeParse({ search: one(params.q), benchmark: one(params.benchmark), version: one(params.version) });
  return parsed.success ? parsed.data : {};
}

export default async function ReviewSubmissionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const filter = readQueueFilter(await searchParams);
  const viewer = await requireMaintainerPage(reviewHref(id, filter));
  const [item, view, audit, next] = await Promise.all([
    getReviewItem(id),
    getSubmission(id, viewer),
    listAuditEvents({ submission: /^[0-9a-f-]{36}$/i.test(id) ? id : undefined, limit: 50 }),
    nextInQueue(id, filter),
  ]).catch((e) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const ties = (await loadTies([item.id])).get(item.id) ?? null;
  const meta = (view.metadata ?? {}) as Record<string, unknown>;
  const facts: [string, React.ReactNode][] = [
    ["Owner", item.owner.email],
    ["Benchmark", `${item.benchmark.slug} ${item.benchmark.version}`],
    ["Kind", item.kind === "ranking" ? "ranking file" : `embeddings, ${item.model.dims} dimensions, ${item.model.dtype}, ${item.model.similarity}`],
    ["Submitted", item.createdAt.replace("T", " ").slice(0, 16) + " UTC"],
    ["Scored", item.scoredAt ? item.scoredAt.replace("T", " ").slice(0, 16) + " UTC" : "—"],
    ["Published", item.publishedAt ? item.publishedAt.replace("T", " ").slice(0, 16) + " UTC" : "—"],
    ...(["revision", "link", "openWeights", "queryPrefix", "passagePrefix", "notes"] as const)
      .filter((k) => meta[k] !== undefined)
      .map((k): [string, React.ReactNode] => [k, String(meta[k])]),
  ];
  return (
    <div className="space-y-6">
      <ReviewNav current="queue" />
      <header className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-600">
          <p>
            <Link prefetch={false} href={`/review${queueQuery(filter)}`} className="hover:text-slate-900">
              Review queue
            </Link>{" "}
            / {item.model.provider}
          </p>
          {next && (
            <Link prefetch={false} href={reviewHref(next.id, filter)} data-testid="next-in-queue" className="font-medium text-emerald-800 underline underline-offset-2">
              Next in queue: {next.model} →<span className="sr-only"> ({next.waiting} awaiting review)</span>
            </Link>
          )}
        </div>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
          {item.model.name}
          <StatusBadge status={item.status as Status} />
          {item.review.verified && <VerifiedBadge />}
          {ties?.editBlind && <EditBlindBadge ties={ties} id="edit-blind-help" />}
        </h1>
        {ties?.editBlind && (
          <div role="note" data-testid="edit-blind-flag" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p>
              <span className="font-semibold">Edit-blind. </span>
              It scores a canonical and its own single-edit distractor exactly alike in {fmtPct(canonicalTieShare(ties))} of pairs (
              {ties.canonicalDistractorTies.toLocaleString("en")} of {ties.scoredPairs.toLocaleString("en")}, in {ties.queriesWithCanonicalTie} of {ties.queries}{" "}
              queries; the flag starts at {fmtPct(ties.threshold, 0)}), and its rank 1 is a tie in {ties.rank1Tied} of {ties.queries} queries. It cannot see
              those edits: its credit on them is chance, already counted as such in every number. If you publish it, its leaderboard row and page carry
              the edit-blind badge.
            </p>
          </div>
        )}
        <ReviewFlags flags={item.flags.filter((f) => f.kind !== "edit-blind")} />
        {item.review.warningNote && <WarningNote note={item.review.warningNote} />}
        {item.review.reason && (
          <p className="rounded border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
            {item.status === "hidden" ? "Hidden" : "Rejected"} because: {item.review.reason}
          </p>
        )}
        {item.status === "failed" && item.error && <p className="break-words rounded border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">Failed: {item.error}</p>}
      </header>

      <Section id="actions-heading" title="Actions">
        <ReviewActions id={item.id} status={item.status} actions={item.actions} warningNote={item.review.warningNote} next={next ? { href: reviewHref(next.id, filter), model: next.model } : null} />
      </Section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section id="facts-heading" title="Submission" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" headingClassName="mb-3 text-lg font-semibold">
          <FactList
            look="rows"
            className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]"
            facts={facts.map(([term, value]) => ({ term, value }))}
          />
        </Section>
        <section aria-labelledby="results-heading" className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="results-heading" className="text-lg font-semibold">
              Results
            </h2>
            {view.metrics && (
              <Link prefetch={false} href={`/submissions/${item.id}`} className="text-sm font-medium text-emerald-800 underline">
                Inspect: full results and drilldowns
              </Link>
            )}
          </div>
          {view.metrics ? (
            <MetricsSummary metrics={view.metrics} families={(await kindOfBenchmark(view.benchmark.slug)).presentation.metrics} caption="Mean over queries, 95% bootstrap intervals." />
          ) : (
            <p className="text-sm text-slate-600">No results yet.</p>
          )}
        </section>
      </div>

      <Section id="audit-heading" title="Audit log for this submission">
        <AuditList entries={audit.entries} showSubmission={false} />
      </Section>

      <HistoryList history={view.history} title="Pipeline history" />
    </div>
  );
}
