import { z } from "zod";
import { db } from "@/lib/db/client";
import type { SubmissionStatus } from "@/lib/submissions/status";
import { loadTies } from "@/lib/analysis/load-ties";
import { reviewItemSchema, reviewItemSelect, toReviewItems, type ReviewItem } from "./review-item";

const RUNNING = ["queued", "validating", "ranking", "executing", "scoring"] as const;
export const QUEUE_VIEWS = ["awaiting", "running", "published", "hidden", "rejected", "failed", "all"] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export const listReviewQueueInput = z.object({
  view: z.enum(QUEUE_VIEWS).default("awaiting").describe("awaiting: scored and not yet reviewed (the default); running: still in the pipeline"),
  benchmark: z.string().min(1).optional().describe("benchmark slug"),
  version: z.string().min(1).optional().describe("benchmark version (with benchmark)"),
  search: z.string().trim().max(200).optional().describe("model, provider or owner email contains this"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListReviewQueueInput = z.input<typeof listReviewQueueInput>;

export const reviewQueueSchema = z.strictObject({
  view: z.enum(QUEUE_VIEWS),
  counts: z.record(z.enum(QUEUE_VIEWS), z.number().int()).describe("how many submissions each view holds (same benchmark and search filters)"),
  items: z.array(reviewItemSchema),
});
export type ReviewQueue = { view: QueueView; counts: Record<QueueView, number>; items: ReviewItem[] };

function statusesOf(view: QueueView): SubmissionStatus[] | null {
  if (view === "all") return null;
  if (view === "awaiting") return ["scored"];
  if (view === "running") return [...RUNNING];
  return [view];
}

/** The filters a maintainer narrows the queue with; the review page keeps them for its "next". */
export const queueFilterSchema = listReviewQueueInput.pick({ benchmark: true, version: true, search: true });
export type QueueFilter = z.input<typeof queueFilterSchema>;

/** The submissions a filter keeps, whatever their status. */
export function queueScope(filter: QueueFilter) {
  return {
    ...(filter.benchmark ? { version: { benchmark: { slug: filter.benchmark }, ...(filter.version ? { version: filter.version } : {}) } } : {}),
    ...(filter.search
      ? {
          OR: [
            { modelName: { contains: filter.search, mode: "insensitive" as const } },
            { provider: { contains: filter.search, mode: "insensitive" as const } },
            { user: { email: { contains: filter.search, mode: "insensitive" as const } } },
          ],
        }
      : {}),
  };
}

// The maintainers' review queue: submissions awaiting review (scored, oldest first, so nothing
// waits forever), or any other view (newest first), with how many each view holds.
export async function listReviewQueue(raw: ListReviewQueueInput = {}): Promise<ReviewQueue> {
  const input = listReviewQueueInput.parse(raw);
  const scope = queueScope(input);
  const statuses = statusesOf(input.view);
  const [rows, grouped] = await Promise.all([
    db().submission.findMany({
      where: { ...scope, ...(statuses ? { status: { in: statuses } } : {}) },
      orderBy: input.view === "awaiting" ? [{ scoredAt: "asc" }, { id: "asc" }] : [{ updatedAt: "desc" }, { id: "asc" }],
      take: input.limit,
      select: reviewItemSelect,
    }),
    db().submission.groupBy({ by: ["status"], where: scope, _count: { _all: true } }),
  ]);
  const byStatus = new Map(grouped.map((g) => [g.status, g._count._all]));
  const counts = Object.fromEntries(
    QUEUE_VIEWS.map((v) => {
      const s = statusesOf(v);
      return [v, s ? s.reduce((n, x) => n + (byStatus.get(x) ?? 0), 0) : [...byStatus.values()].reduce((a, b) => a + b, 0)];
    }),
  ) as Record<QueueView, number>;
  const ties = await loadTies(rows.map((r) => r.id));
  return { view: input.view, counts, items: await toReviewItems(rows, ties) };
}
