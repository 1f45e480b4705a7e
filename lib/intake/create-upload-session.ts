import fs from "node:fs/promises";
import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { getLatestVersionId } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
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
  const session = await db().$transaction(async (tx) => {
    // One reservation at a time, server-wide: the open-upload count and the disk both are
    // checked and claimed under this lock, so concurrent requests cannot all pass the checks
    // before any of them has claimed anything.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('execboard:upload-reservations', 0))`;
    const open = await tx.uploadSession.count({ where: { userId: principal.userId, status: { in: ["open", "completing"] } } });
    if (open >= MAX_OPEN_UPLOADS) {
      throw new AppError("CONFLICT", `you have ${open} unfinished uploads (at most ${MAX_OPEN_UPLOADS}); complete or cancel one (DELETE /api/v1/uploads/{id}) first`, { open });
    }
    await assertDiskRoom(tx, input.size);
    return tx.uploadSession.create({
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

// The bytes unfinished uploads may still send (declared size less what is on disk already) must
// fit, with this one's, in the free space of EXECBOARD_DATA_DIR less the configured headroom.
async function assertDiskRoom(tx: Tx, size: number): Promise<void> {
  const config = getConfig();
  const rows = await tx.$queryRaw<{ outstanding: bigint | null }[]>`
    SELECT sum(size - received_bytes) AS outstanding FROM upload_sessions WHERE status IN ('open', 'completing')`;
  const outstanding = Number(rows[0]?.outstanding ?? 0);
  await fs.mkdir(config.EXECBOARD_DATA_DIR, { recursive: true });
  const stats = await fs.statfs(config.EXECBOARD_DATA_DIR);
  const free = Number(stats.bavail) * Number(stats.bsize);
  const room = free - config.EXECBOARD_UPLOAD_DISK_HEADROOM_BYTES - outstanding;
  if (size > room) {
    throw new AppError(
      "INSUFFICIENT_STORAGE",
      `the server cannot take ${size} bytes now: ${free} bytes are free for uploads, ${outstanding} are reserved by unfinished uploads and ${config.EXECBOARD_UPLOAD_DISK_HEADROOM_BYTES} kept free; try again later`,
      { free, reserved: outstanding, requested: size },
      { retryAfterSeconds: 600 },
    );
  }
}
