import type { PrismaClient, Tx } from "@/lib/db/client";
import { countUsage } from "./count-usage";
import { nextUtcMidnight } from "./day-window";
import { quotaOwner, type QuotaOrganisation } from "./quota-owner";
import type { QuotaView } from "./quota-view";
import { resolveLimits } from "./resolve-limits";

export interface QuotaSubjectRow {
  user: { id: string; email: string };
  /** Set: the organisation's quota (all its members' submissions for it), asked for by `user`. */
  organisation?: QuotaOrganisation | null;
  benchmark: { id: number; slug: string };
}

// Limits, usage and what remains, for one user (personal submissions) or one organisation on
// one benchmark.
export async function computeQuota(client: PrismaClient | Tx, subject: QuotaSubjectRow, now = new Date()): Promise<QuotaView> {
  const owner = quotaOwner(subject.user.id, subject.organisation);
  const { limits, overridden } = await resolveLimits(client, owner, subject.benchmark.id);
  const { used, refunded } = await countUsage(client, owner, subject.benchmark.id, now);
  const remaining = {
    perDay: Math.max(0, limits.perDay - used.perDay),
    total: Math.max(0, limits.total - used.total),
    concurrent: Math.max(0, limits.concurrent - used.concurrent),
  };
  return {
    benchmark: subject.benchmark.slug,
    user: subject.user,
    organisation: subject.organisation ? { slug: subject.organisation.slug, name: subject.organisation.name } : null,
    limits,
    used,
    remaining,
    available: Math.min(remaining.perDay, remaining.total, remaining.concurrent),
    overridden,
    refunded,
    dayResetsAt: nextUtcMidnight(now).toISOString(),
  };
}
