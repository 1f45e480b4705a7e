import { getConfig } from "@/lib/config";
import type { PrismaClient, Tx } from "@/lib/db/client";
import { overrideRow } from "./override-row";
import type { QuotaOwner } from "./quota-owner";
import type { QuotaTriple } from "./quota-view";

// A user's (or an organisation's) limits on a benchmark: an admin's override where set, else
// the configured defaults.
export async function resolveLimits(client: PrismaClient | Tx, owner: QuotaOwner, benchmarkId: number): Promise<{ limits: QuotaTriple; overridden: boolean }> {
  const config = getConfig();
  const o = await overrideRow(client, owner, benchmarkId).read();
  return {
    limits: {
      perDay: o?.perDay ?? config.EXECBOARD_QUOTA_PER_DAY,
      total: o?.total ?? config.EXECBOARD_QUOTA_TOTAL,
      concurrent: o?.concurrent ?? config.EXECBOARD_QUOTA_CONCURRENT,
    },
    overridden: o !== null,
  };
}
