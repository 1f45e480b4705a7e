import type { AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { getReviewItem } from "./get-review-item";
import { lockForReview } from "./lock-for-review";
import type { NoteInput } from "./review-inputs";
import type { ReviewItem } from "./review-item";

// Sets (or, with null or an empty note, removes) the maintainer's warning note shown beside the
// submission on the leaderboard, e.g. "trained on a superset of the benchmark's tasks". Setting
// the note it already has changes nothing and logs nothing.
export async function setWarningNote(actor: AuditActor, id: string, input: NoteInput): Promise<ReviewItem> {
  const note = input.note?.trim() || null;
  await db().$transaction(async (tx) => {
    const s = await lockForReview(tx, id);
    if (s.warningNote === note) return;
    await tx.submission.update({ where: { id }, data: { warningNote: note } });
    await tx.submissionEvent.create({ data: { submissionId: id, status: s.status, message: note ? `warning note set by a maintainer: ${note}` : "warning note removed by a maintainer" } });
    await recordAuditEvent(tx, { action: "note", actor, submissionId: id, fromStatus: s.status, toStatus: s.status, reason: input.reason || null, details: { note, previous: s.warningNote } });
  });
  return getReviewItem(id);
}
