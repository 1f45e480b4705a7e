import { loadTies } from "@/lib/analysis/load-ties";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { reviewItemSelect, toReviewItems, type ReviewItem } from "./review-item";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// One submission as a maintainer reviews it. Callers have checked the viewer is a maintainer.
export async function getReviewItem(id: string): Promise<ReviewItem> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", `no submission ${id}`);
  const row = await db().submission.findUnique({ where: { id }, select: reviewItemSelect });
  if (!row) throw new AppError("NOT_FOUND", `no submission ${id}`);
  return (await toReviewItems([row], await loadTies([row.id])))[0];
}
