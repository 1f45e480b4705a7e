import { db } from "@/lib/db/client";
import { queueScope, type QueueFilter } from "./list-review-queue";

export interface QueueNeighbour {
  id: string;
  model: string;
  /** Submissions still awaiting review (that the filter keeps), this one included if it still is. */
  waiting: number;
}

// The submission a maintainer reviews next after `currentId`: the queue is scored submissions,
// oldest first; the next is the first after this one in that order, or, at the end, the first of
// the queue (never the current one). Null when nothing else awaits review. With a filter (the one
// the maintainer narrowed the queue with), the queue is what the filter keeps.
export async function nextInQueue(currentId: string | null, filter: QueueFilter = {}): Promise<QueueNeighbour | null> {
  const where = { status: "scored" as const, ...queueScope(filter) };
  const [queue, waiting] = await Promise.all([
    db().submission.findMany({ where, orderBy: [{ scoredAt: "asc" }, { id: "asc" }], select: { id: true, modelName: true, scoredAt: true }, take: 1000 }),
    db().submission.count({ where }),
  ]);
  const others = queue.filter((s) => s.id !== currentId);
  if (others.length === 0) return null;
  const at = queue.findIndex((s) => s.id === currentId);
  let next = others[0];
  if (at >= 0) next = queue.slice(at + 1)[0] ?? others[0];
  else if (currentId) {
    // The current one has left the queue (published, rejected): the next is the first scored
    // after it, which in a queue ordered by scoring time is still the oldest remaining.
    const current = await db().submission.findUnique({ where: { id: currentId }, select: { scoredAt: true } });
    const t = current?.scoredAt?.getTime();
    next = (t !== undefined ? others.find((s) => (s.scoredAt?.getTime() ?? 0) >= t) : undefined) ?? others[0];
  }
  return { id: next.id, model: next.modelName, waiting };
}
