import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { lockVersionStatistics } from "@/lib/leaderboard/version-statistics-lock";
import type { SubmissionStatus } from "@/lib/submissions/status";
import { describeRefusal, type ReviewAction } from "./review-rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LockedSubmission {
  id: string;
  status: SubmissionStatus;
  versionId: number;
  verified: boolean;
  warningNote: string | null;
}

// Reads a submission's review state and locks its row until the transaction ends, so two
// maintainers acting at once (or a maintainer and a worker) are applied one after the other and
// every audit row names the status the action really started from. With `statistics`, for an
// action that may take the submission's paired rows away, the version's statistics lock is taken
// first (lib/leaderboard/version-statistics-lock.ts).
export async function lockForReview(tx: Tx, id: string, opts: { statistics?: boolean } = {}): Promise<LockedSubmission> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", `no submission ${id}`);
  if (opts.statistics) {
    const version = await tx.submission.findUnique({ where: { id }, select: { versionId: true } });
    if (!version) throw new AppError("NOT_FOUND", `no submission ${id}`);
    await lockVersionStatistics(tx, version.versionId);
  }
  const rows = await tx.$queryRaw<{ status: SubmissionStatus; version_id: number; verified_at: Date | null; warning_note: string | null }[]>`
    SELECT status::text AS status, version_id, verified_at, warning_note FROM submissions WHERE id = ${id}::uuid FOR UPDATE`;
  const r = rows[0];
  if (!r) throw new AppError("NOT_FOUND", `no submission ${id}`);
  return { id, status: r.status, versionId: r.version_id, verified: r.verified_at !== null, warningNote: r.warning_note };
}

export function refuse(action: ReviewAction, s: LockedSubmission): never {
  throw new AppError("CONFLICT", `submission ${s.id}: ${describeRefusal(action, s.status)}`, { status: s.status });
}
