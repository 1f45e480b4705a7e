import type { Principal } from "@/lib/auth/principal";
import { findUploadSession } from "./find-upload-session";
import { toUploadSessionView, type UploadSessionView } from "./upload-view";

// How much of an upload has arrived (its owner asks before resuming).
export async function getUploadSession(id: string, principal: Principal): Promise<UploadSessionView> {
  return toUploadSessionView(await findUploadSession(id, principal));
}
