import type { PrismaClient, Tx } from "@/lib/db/client";
import { FINAL_STATUSES } from "@/lib/submissions/status";
import type { QuotaTriple } from "./quota-view";
import { utcDayStart } from "./day-window";
import { ownedSubmissionsWhere, type QuotaOwner } from "./quota-owner";

// How much of a user's (or an organisation's) quota on a benchmark (all its versions) is spent. A submission counts
// unless it is a baseline or the platform failed it (quotaRefundedAt set). A maintainer's re-run
// (rerunAt set) is not charged: it never takes one of the vendor's concurrent slots.
export async function countUsage(
  client: PrismaClient | Tx,
  owner: QuotaOwner,
  benchmarkId: number,
  now: Date,
): Promise<{ used: QuotaTriple; refunded: number }> {
  const mine = { ...ownedSubmissionsWhere(owner), isBaseline: false, version: { benchmarkId } };
  const charged = { ...mine, quotaRefundedAt: null };
  const [total, perDay, concurrent, refunded] = await Promise.all([
    client.submission.count({ where: charged }),
    client.submission.count({ where: { ...charged, createdAt: { gte: utcDayStart(now) } } }),
    client.submission.count({ where: { ...charged, rerunAt: null, status: { notIn: [...FINAL_STATUSES] } } }),
    client.submission.count({ where: { ...mine, quotaRefundedAt: { not: null } } }),
  ]);
  return { used: { perDay, total, concurrent }, refunded };
}
