import type { Tx } from "@/lib/db/client";
import type { AuditAction, Prisma, SubmissionStatus } from "@/lib/db/generated/client";
import type { AuditActor } from "./audit-actor";

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  /** The submission a review action is about; organisation actions have none. */
  submissionId?: string | null;
  /** The organisation an organisation action is about. */
  organisationId?: string | null;
  fromStatus?: SubmissionStatus | null;
  toStatus?: SubmissionStatus | null;
  reason?: string | null;
  details?: Prisma.InputJsonValue;
}

// Writes one audit row. Always called inside the transaction that made the change, so the log
// never shows an action that did not happen, nor misses one that did.
export async function recordAuditEvent(tx: Tx, r: AuditRecord): Promise<void> {
  await tx.auditEvent.create({
    data: {
      action: r.action,
      actorId: r.actor.userId,
      actorLabel: r.actor.label,
      submissionId: r.submissionId ?? null,
      organisationId: r.organisationId ?? null,
      fromStatus: r.fromStatus ?? null,
      toStatus: r.toStatus ?? null,
      reason: r.reason ?? null,
      ...(r.details !== undefined ? { details: r.details } : {}),
    },
  });
}
