import type { PrismaClient, Tx } from "@/lib/db/client";
import type { QuotaOwner } from "./quota-owner";
import type { QuotaTriple } from "./quota-view";

// An admin's override of one owner's limits on one benchmark, in the table that keeps that
// owner's: a user's (for their personal submissions) or an organisation's. A limit left null
// is the configured default.
export type OverrideLimits = { [K in keyof QuotaTriple]: number | null };

export interface OverrideRow {
  /** The override's limits, or null when there is none. */
  read(): Promise<OverrideLimits | null>;
  remove(): Promise<unknown>;
  save(limits: OverrideLimits): Promise<unknown>;
}

const LIMIT_COLUMNS = { perDay: true, total: true, concurrent: true } as const;

/** What an override table offers: `W` its unique key (the owner and benchmark), `K` those columns. */
interface OverrideTable<W, K> {
  findUnique(args: { where: W; select: typeof LIMIT_COLUMNS }): Promise<OverrideLimits | null>;
  deleteMany(args: { where: K }): Promise<unknown>;
  upsert(args: { where: W; create: K & OverrideLimits; update: OverrideLimits }): Promise<unknown>;
}

export function overrideRow(client: PrismaClient | Tx, owner: QuotaOwner, benchmarkId: number): OverrideRow {
  if ("organisationId" in owner) {
    const key = { organisationId: owner.organisationId, benchmarkId };
    return rowIn(client.organisationQuotaOverride, { organisationId_benchmarkId: key }, key);
  }
  const key = { userId: owner.userId, benchmarkId };
  return rowIn(client.quotaOverride, { userId_benchmarkId: key }, key);
}

function rowIn<W, K>(table: OverrideTable<NoInfer<W>, NoInfer<K>>, where: W, key: K): OverrideRow {
  return {
    read: () => table.findUnique({ where, select: LIMIT_COLUMNS }),
    remove: () => table.deleteMany({ where: key }),
    save: (limits) => table.upsert({ where, create: { ...key, ...limits }, update: limits }),
  };
}
