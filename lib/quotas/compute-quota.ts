import type { PrismaClient, Tx } from "@/lib/db/client";
import { countUsage } from "./count-usage";
import { nextUtcMidnight } from "./day-window";
import type { QuotaView } from "./quota-view";
import { resolveLimits } from "./resolve-limits";

export interface QuotaSubjectRow {
  user: { id: string; email: string };
  benchmark: { id: number; slug: string };
}

// Limits, usage and what remains, for one user on one benchmark.
export async function computeQuota(client: PrismaClient | Tx, subject: QuotaSubjectRow, now = new Date()): Promise<QuotaView> {
  const { limits, overridden } = await resolveLimits(client, subject.user.id, subject.benchmark.id);
  const { used, refunded } = await countUsage(client, subject.user.id, subject.benchmark.id, now);
  const remaining = {
    perDay: Math.max(0, limits.perDay - used.perDay),
    total: Math.max(0, limits.total - used.total),
    concurrent: Math.max(0, limits.concurrent - used.concurrent),
  };
  return {
    benchmark: subject.benchmark.slug,
    user: subject.user,
    limits,
    used,
    remaining,
    available: Math.min(remaining.perDay, remaining.total, remaining.concurrent),
    overridden,
    refunded,
    dayResetsAt: nextUtcMidnight(now).toISOString(),
  };
}
