import type { Tx } from "@/lib/db/client";

// The per-version lock under which a version's cross-submission statistics are written
// (recomputeVersionAnalysis). A review action that takes a published submission's paired rows
// away takes it first, before the submission's row: both then lock in one order (this lock, then
// rows), where otherwise the recomputation's inserts (which key-share-lock the submission) and the
// action's deletes of its paired rows could wait on each other, which Postgres ends as a deadlock.
const LOCK_NAMESPACE = 5_170_002; // pg_advisory_xact_lock(namespace, version id)

export async function lockVersionStatistics(tx: Tx, versionId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${versionId}::int)`;
}
