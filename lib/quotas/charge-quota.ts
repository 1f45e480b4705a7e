import type { Principal } from "@/lib/auth/principal";
import { db, type PrismaClient, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { computeQuota } from "./compute-quota";
import { quotaLockKey, quotaOwner, type QuotaOrganisation } from "./quota-owner";
import type { QuotaView } from "./quota-view";

export interface QuotaCharge {
  principal: Principal;
  /** Submitted for this organisation (the caller checked membership): its quota is charged. */
  organisation?: QuotaOrganisation | null;
  versionId: number;
  /** Baselines are the platform's own submissions and never charged. */
  isBaseline: boolean;
}

// Refuses a submission the user's (or organisation's) quota does not allow, with QUOTA_EXCEEDED saying which limit.
// Cheap; createSubmission calls it first so an over-quota upload fails before validation.
export async function assertWithinQuota(charge: QuotaCharge, client: PrismaClient | Tx = db()): Promise<void> {
  if (charge.isBaseline) return;
  await checkQuota(client, charge, await benchmarkOf(client, charge.versionId));
}

// Runs `create` (which inserts the submission row) in a transaction that first re-checks the
// quota under a per-owner (user or organisation), per-benchmark lock, so concurrent uploads
// cannot overshoot it.
export async function withQuotaCharge<T>(charge: QuotaCharge, create: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    if (!charge.isBaseline) {
      const benchmark = await benchmarkOf(tx, charge.versionId);
      const lockKey = quotaLockKey(quotaOwner(charge.principal.userId, charge.organisation), benchmark.id);
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`;
      await checkQuota(tx, charge, benchmark);
    }
    return create(tx);
  });
}

async function benchmarkOf(client: PrismaClient | Tx, versionId: number): Promise<{ id: number; slug: string }> {
  const version = await client.benchmarkVersion.findUnique({ where: { id: versionId }, select: { benchmark: { select: { id: true, slug: true } } } });
  if (!version) throw new AppError("NOT_FOUND", `no benchmark version ${versionId}`);
  return version.benchmark;
}

async function checkQuota(client: PrismaClient | Tx, charge: QuotaCharge, benchmark: { id: number; slug: string }): Promise<void> {
  const now = new Date();
  const user = { id: charge.principal.userId, email: charge.principal.email };
  refuseIfExhausted(await computeQuota(client, { user, organisation: charge.organisation, benchmark }, now), now);
}

function refuseIfExhausted(q: QuotaView, now: Date): void {
  const slug = q.benchmark;
  const whose = q.organisation ? ` of organisation ${q.organisation.slug}` : "";
  if (q.remaining.total === 0) {
    throw new AppError("QUOTA_EXCEEDED", `total quota${whose} reached: ${q.used.total} of ${q.limits.total} submissions to ${slug}; ask a maintainer to raise it`, {
      limit: "total",
      quota: q,
    });
  }
  if (q.remaining.perDay === 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(q.dayResetsAt) - now.getTime()) / 1000));
    throw new AppError(
      "QUOTA_EXCEEDED",
      `daily quota${whose} reached: ${q.used.perDay} of ${q.limits.perDay} submissions to ${slug} today; it resets at ${q.dayResetsAt}`,
      { limit: "perDay", quota: q },
      { retryAfterSeconds },
    );
  }
  if (q.remaining.concurrent === 0) {
    throw new AppError(
      "QUOTA_EXCEEDED",
      `concurrency quota${whose} reached: ${q.used.concurrent} of ${q.organisation ? "its" : "your"} submissions to ${slug} are still being scored (limit ${q.limits.concurrent}); wait for one to finish`,
      { limit: "concurrent", quota: q },
    );
  }
}
