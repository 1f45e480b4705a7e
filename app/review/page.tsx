import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { ReviewQueue } from "@/components/review/review-queue";
import { ReviewNav } from "@/components/review/review-nav";
import { loadTies } from "@/lib/analysis/load-ties";
import { listReviewQueue, listReviewQueueInput, QUEUE_VIEWS, type QueueView } from "@/lib/review/list-review-queue";
import { FAILURE_WINDOW_DAYS, HIGH_EXEC1, REPEATED_FAILURES } from "@/lib/review/review-flags";
import { requireMaintainerPage } from "./guard";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Review queue", "Scored submissions awaiting a maintainer, oldest first, with their flags.", { noindex: true });

const VIEW_LABEL: Record<QueueView, string> = {
  awaiting: "Awaiting review",
  running: "Running",
  published: "Published",
  hidden: "Hidden",
  rejected: "Rejected",
  failed: "Failed",
  all: "All",
};

export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireMaintainerPage("/review");
  const params = await searchParams;
  const parsed = listReviewQueueInput.safeParse({ view: params.view, search: params.q || undefined, benchmark: params.benchmark || undefined, version: params.version || undefined });
  const input = parsed.success ? parsed.data : listReviewQueueInput.parse({});
  const queue = await listReviewQueue(input);
  const ties = await loadTies(queue.items.map((i) => i.id));
  const href = (view: QueueView) => `/review?${new URLSearchParams({ view, ...(input.search ? { q: input.search } : {}), ...(input.benchmark ? { benchmark: input.benchmark } : {}) })}`;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Review</h1>
        <p className="text-sm text-slate-600">
          Scored submissions wait here, oldest first, for a maintainer to publish, verify, annotate or reject them, one by one or several at once
          (each gets its own audit-log entry). Flags mark what deserves a second look: exec@1 of {HIGH_EXEC1} or more, an{" "}
          <span className="font-medium text-amber-900">edit-blind</span> system (canonicals and their single-edit distractors scored identically too
          often; publishing it shows the badge on its leaderboard row), a file identical to another submission&apos;s, and an account whose own files
          failed {REPEATED_FAILURES} or more times in {FAILURE_WINDOW_DAYS} days.
        </p>
      </header>
      <ReviewNav current="queue" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Queue views" className="flex flex-wrap gap-2 text-sm">
          {QUEUE_VIEWS.map((v) => (
            <Link prefetch={false}
              key={v}
              href={href(v)}
              aria-current={v === queue.view ? "page" : undefined}
              className={`rounded-full border px-3 py-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${v === queue.view ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {VIEW_LABEL[v]} <span className="tabular-nums">({queue.counts[v]})</span>
            </Link>
          ))}
        </nav>
        <form method="get" role="search" className="flex items-end gap-2 text-sm">
          <input type="hidden" name="view" value={queue.view} />
          <div>
            <label htmlFor="q" className="block text-xs font-medium text-slate-600">
              Model, provider or email
            </label>
            <input id="q" name="q" type="search" defaultValue={input.search ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1.5" />
          </div>
          <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100">
            Search
          </button>
        </form>
      </div>
      {!parsed.success && <p role="alert" className="text-sm text-rose-800">Unknown filter; showing the default view.</p>}
      <ReviewQueue
        label={`${VIEW_LABEL[queue.view]} submissions`}
        empty={queue.view === "awaiting" ? "Nothing is waiting for review." : `No ${VIEW_LABEL[queue.view].toLowerCase()} submissions.`}
        items={queue.items}
        ties={Object.fromEntries(ties)}
        filter={{ search: input.search, benchmark: input.benchmark, version: input.version }}
      />
    </div>
  );
}
