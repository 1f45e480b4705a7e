import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findUploadSession } from "./find-upload-session";
import { deleteSessionFile } from "./session-file";
import { toUploadSessionView, UPLOAD_SESSION_SELECT, type UploadSessionView } from "./upload-view";

// Gives up an unfinished upload and deletes its bytes. Cancelling twice is harmless; a
// completed upload is a submission now and stays.
export async function cancelUploadSession(id: string, principal: Principal): Promise<UploadSessionView> {
  const session = await findUploadSession(id, principal);
  if (session.status === "completed") throw new AppError("CONFLICT", `upload ${id} is already complete: it became submission ${session.submissionId}`);
  const now = new Date();
  const moved = await db().uploadSession.updateMany({
    where: { id, OR: [{ status: { in: ["open", "failed"] } }, { status: "completing", leaseUntil: { lt: now } }], AND: [{ OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] }] },
    data: { status: "cancelled", leaseUntil: null },
  });
  if (moved.count === 0 && session.status !== "cancelled") throw new AppError("CONFLICT", `upload ${id} is busy (a chunk is being written or it is being completed); try again in a moment`);
  await deleteSessionFile(id);
  return toUploadSessionView(await db().uploadSession.findUniqueOrThrow({ where: { id }, select: UPLOAD_SESSION_SELECT }));
}
