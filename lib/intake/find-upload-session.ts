import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { UPLOAD_SESSION_SELECT, type UploadSessionRow } from "./upload-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// An upload session as its owner sees it; anyone else gets the same 404 as for an unknown id.
export async function findUploadSession(id: string, principal: Principal): Promise<UploadSessionRow> {
  const s = UUID.test(id) ? await db().uploadSession.findUnique({ where: { id }, select: UPLOAD_SESSION_SELECT }) : null;
  if (!s || s.userId !== principal.userId) throw new AppError("NOT_FOUND", `no upload session ${id}`);
  return s;
}

/** Refuses a session that no longer takes chunks, saying why. */
export function assertOpen(s: UploadSessionRow, now = new Date()): void {
  if (s.status === "completed") throw new AppError("CONFLICT", `upload ${s.id} is already complete: it became submission ${s.submissionId}`, { status: s.status, submissionId: s.submissionId });
  if (s.status === "failed") throw new AppError("CONFLICT", `upload ${s.id} was refused (${s.error}); start a new upload`, { status: s.status });
  if (s.status === "cancelled") throw new AppError("CONFLICT", `upload ${s.id} was ${s.error ? `given up (${s.error})` : "cancelled"}; start a new upload`, { status: s.status });
  if (s.status === "completing") throw new AppError("CONFLICT", `upload ${s.id} is being checked and turned into a submission; ask again in a moment`, { status: s.status });
  if (s.expiresAt < now) throw new AppError("CONFLICT", `upload ${s.id} expired at ${s.expiresAt.toISOString()}; start a new upload`, { status: "expired" });
}
