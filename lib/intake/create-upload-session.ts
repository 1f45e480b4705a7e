import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { getLatestVersionId } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { resolveSubmittingOrganisation, submitOrganisationField } from "@/lib/organisations/resolve-submitting-organisation";
import { assertWithinQuota } from "@/lib/quotas/charge-quota";
import { SubmissionKind } from "@/lib/db/generated/enums";
import { kindOfVersion } from "@/lib/kinds/registry";
import { purgeExpiredUploads } from "./purge-expired-uploads";
import { createSessionFile, deleteSessionFile } from "./session-file";
import { checkDeclaredType } from "./submission-type";
import { toUploadSessionView, UPLOAD_SESSION_SELECT, type UploadSessionView } from "./upload-view";

export const createUploadInput = z.strictObject({
  benchmark: z.string().min(1).max(200).describe("the benchmark slug the file will be submitted to"),
  size: z.number().int().positive().describe("the file's size in bytes"),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "sha256 must be 64 lowercase hex digits")
    .optional()
    .describe("the file's SHA-256 (hex); if given, completion refuses bytes that do not hash to it"),
  kind: z.enum(Object.values(SubmissionKind) as [SubmissionKind, ...SubmissionKind[]]).optional().describe("a submission type the benchmark takes, e.g. embeddings (.npz) or ranking (JSON lines); by default the first bytes decide"),
  filename: z.string().max(255).optional().describe("the client's file name, for display only"),
  organisation: submitOrganisationField,
});
export type CreateUploadInput = z.infer<typeof createUploadInput>;

// A vendor's open uploads at once; each may hold up to EXECBOARD_UPLOAD_SESSION_MAX_BYTES on disk.
export const MAX_OPEN_UPLOADS = 3;

// Opens a resumable upload: checks what can be checked before any byte is sent (the benchmark
// exists, the size is allowed, the vendor is a member of the organisation it is for, the vendor
// or that organisation has quota left), so a vendor never sends 4 GiB only to
// be refused for something known up front. The bytes are checked again, for real, on completion.
export async function createUploadSession(principal: Principal, input: CreateUploadInput): Promise<UploadSessionView> {
  const config = getConfig();
  if (input.size > config.EXECBOARD_UPLOAD_SESSION_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `the file is ${input.size} bytes; an upload may be at most ${config.EXECBOARD_UPLOAD_SESSION_MAX_BYTES}`);
  }
  const organisation = await resolveSubmittingOrganisation(principal, input.organisation);
  const version = await getLatestVersionId(input.benchmark);
  checkDeclaredType(await kindOfVersion(version.id), input.kind);
  await assertWithinQuota({ principal, organisation, versionId: version.id, isBaseline: false });
  await purgeExpiredUploads();
  const open = await db().uploadSession.count({ where: { userId: principal.userId, status: { in: ["open", "completing"] } } });
  if (open >= MAX_OPEN_UPLOADS) {
    throw new AppError("CONFLICT", `you have ${open} unfinished uploads (at most ${MAX_OPEN_UPLOADS}); complete or cancel one (DELETE /api/v1/uploads/{id}) first`, { open });
  }
  const session = await db().uploadSession.create({
    data: {
      userId: principal.userId,
      benchmarkSlug: input.benchmark,
      organisationSlug: organisation?.slug ?? null,
      size: BigInt(input.size),
      declaredSha256: input.sha256 ?? null,
      kind: input.kind ?? null,
      filename: input.filename ?? null,
      expiresAt: new Date(Date.now() + config.EXECBOARD_UPLOAD_SESSION_TTL_HOURS * 3600_000),
    },
    select: UPLOAD_SESSION_SELECT,
  });
  try {
    await createSessionFile(session.id);
  } catch (e) {
    await db().uploadSession.delete({ where: { id: session.id } }).catch(() => undefined);
    await deleteSessionFile(session.id);
    throw new AppError("INTERNAL", `could not create the upload's file: ${(e as Error).message}`);
  }
  return toUploadSessionView(session);
}
