import { getConfig } from "@/lib/config";
import type { PrismaClient, Tx } from "@/lib/db/client";
import type { QuotaTriple } from "./quota-view";

// A user's limits on a benchmark: an admin's override where set, else the configured defaults.
export async function resolveLimits(client: PrismaClient | Tx, userId: string, benchmarkId: number): Promise<{ limits: QuotaTriple; overridden: boolean }> {
  const config = getConfig();
  const o = await client.quotaOverride.findUnique({
    where: { userId_benchmarkId: { userId, benchmarkId } },
    select: { perDay: true, total: true, concurrent: true },
  });
  return {
    limits: {
      perDay: o?.perDay ?? config.EXECBOARD_QUOTA_PER_DAY,
      total: o?.total ?? config.EXECBOARD_QUOTA_TOTAL,
      concurrent: o?.concurrent ?? config.EXECBOARD_QUOTA_CONCURRENT,
    },
    overridden: o !== null,
  };
}
