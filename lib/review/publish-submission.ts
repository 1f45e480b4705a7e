import { operatorActor, type AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { transition } from "@/lib/submissions/status";
import { refreshStatistics } from "./leave-leaderboard";
import { FROM } from "./review-rules";

// A maintainer makes a scored submission public (or puts a hidden one back on the leaderboard).
// Publishing twice is harmless. Either way the version's cross-submission statistics are queued
// for recomputation (a no-op job when they already describe this published set). The change
// and its audit-log entry are written together; without an actor, the entry names the operator.
export async function publishSubmission(id: string, opts: { actor?: AuditActor; reason?: string } = {}): Promise<{ id: string; status: "published" }> {
  const s = await db().submission.findUnique({ where: { id }, select: { status: true, versionId: true } });
  if (!s) throw new AppError("NOT_FOUND", `no submission ${id}`);
  if (s.status === "published") {
    await refreshStatistics(s.versionId);
    return { id, status: "published" };
  }
  if (!FROM.publish.includes(s.status)) {
    throw new AppError("CONFLICT", `submission ${id} is ${s.status}; only scored submissions (or hidden ones, to show them again) can be published`);
  }
  const moved = await db().$transaction(async (tx) => {
    const message = s.status === "hidden" ? "published again by a maintainer" : "published by a maintainer";
    if (!(await transition(id, "published", { from: [s.status], message }, tx))) return false;
    await tx.submission.update({ where: { id }, data: { reviewReason: null } });
    const actor = opts.actor ?? operatorActor();
    await recordAuditEvent(tx, { action: "publish", actor, submissionId: id, fromStatus: s.status, toStatus: "published", reason: opts.reason ?? null });
    return true;
  });
  if (!moved) throw new AppError("CONFLICT", `submission ${id} changed while publishing; try again`);
  await refreshStatistics(s.versionId);
  return { id, status: "published" };
}
