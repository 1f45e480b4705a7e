import type { QueueFilter } from "@/lib/review/list-review-queue";

// The queue's filters in the review pages' addresses, under the names the queue page reads them
// by (q, benchmark, version), so that a submission opened from a filtered queue names its next
// within that filter, and the way back returns to the same queue.

/** "?q=…&benchmark=…&version=…" for the filters set, or "". */
export function queueQuery(filter: QueueFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set("q", filter.search);
  if (filter.benchmark) params.set("benchmark", filter.benchmark);
  if (filter.benchmark && filter.version) params.set("version", filter.version);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const reviewHref = (id: string, filter: QueueFilter) => `/review/${id}${queueQuery(filter)}`;
