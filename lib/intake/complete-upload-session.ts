import fs from "node:fs/promises";
import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { resolveSubmittingOrganisation } from "@/lib/organisations/resolve-submitting-organisation";
import { SubmissionKind } from "@/lib/db/generated/enums";
import { hashFile } from "@/lib/storage/hash-file";
import { parseSubmissionMetadata } from "@/lib/submissions/metadata";
import type { SubmissionStatus } from "@/lib/submissions/status";
import { assertOpen, findUploadSession } from "./find-upload-session";
import { createSubmission } from "./create-submission";
import { deleteSessionFile, sessionFilePath } from "./session-file";
import type { UploadSessionRow } from "./upload-view";

export const completeUploadInput = z.strictObject({
  metadata: z.unknown().describe("the submission metadata: model, provider (required), similarity, … (as for the multipart upload)"),
  kind: z.enum(Object.values(SubmissionKind) as [SubmissionKind, ...SubmissionKind[]]).optional().describe("overrides the kind given when the upload was opened"),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "sha256 must be 64 lowercase hex digits").optional().describe("the file's SHA-256, if not declared when the upload was opened"),
});
export type CompleteUploadInput = z.infer<typeof completeUploadInput>;

export interface CompletedUpload {
  uploadId: string;
  /** false when the upload had already been completed (the same submission is returned). */
  created: boolean;
  submission: { id: string; status: SubmissionStatus; benchmark: string; version: string; organisation: string | null };
}

// Checks with a completing upload for at most this long before another request may retry it.
const COMPLETE_LEASE_MS = 30 * 60_000;
// Refusals of the file itself end the session (its bytes are deleted); anything else (bad
// metadata, quota, a service hiccup) leaves it open so the client can complete it again.
const FILE_REFUSALS = new Set(["INVALID_UPLOAD", "PAYLOAD_TOO_LARGE"]);

// Turns a fully received upload into a submission through createSubmission, quota included.
// The server trusts nothing the client declared: it hashes the bytes it holds (and refuses
// them if they do not match a declared SHA-256) and validates them streaming from disk. The
// session is marked complete in the transaction that inserts the submission, so completing
// twice (say, after a lost answer) returns the same submission instead of a second one.
export async function completeUploadSession(id: string, principal: Principal, input: CompleteUploadInput): Promise<CompletedUpload> {
  const session = await findUploadSession(id, principal);
  if (session.status === "completed" && session.submissionId) return { uploadId: id, created: false, submission: await submissionSummary(session.submissionId) };
  assertOpen(session);
  parseSubmissionMetadata(input.metadata); // refuse bad metadata before hashing gigabytes
  await resolveSubmittingOrganisation(principal, session.organisationSlug); // and a member who has left
  const size = Number(session.size);
  if (Number(session.receivedBytes) < size) {
    throw new AppError("CONFLICT", `only ${session.receivedBytes} of ${size} bytes have arrived; send the rest before completing`, { receivedBytes: Number(session.receivedBytes), size });
  }
  if (input.sha256 && session.declaredSha256 && input.sha256 !== session.declaredSha256) {
    throw new AppError("BAD_REQUEST", `sha256 ${input.sha256} differs from the ${session.declaredSha256} declared when the upload was opened`);
  }
  await claimCompletion(session);
  const path = sessionFilePath(id);
  try {
    await fs.truncate(path, size);
    const { sha256, bytes } = await hashFile(path);
    const declared = input.sha256 ?? session.declaredSha256;
    if (bytes !== size) throw new AppError("INVALID_UPLOAD", `the upload holds ${bytes} bytes on disk, not the ${size} declared; upload it again`);
    if (declared && declared !== sha256) {
      throw new AppError("INVALID_UPLOAD", `the bytes received hash to sha256 ${sha256}, not the declared ${declared}: the file changed or was damaged in transit; upload it again`, { sha256, declared });
    }
    const created = await createSubmission({
      slug: session.benchmarkSlug,
      principal,
      file: { path, bytes, sha256 },
      metadata: input.metadata,
      organisation: session.organisationSlug, // membership is checked again now
      kind: input.kind ?? session.kind,
      onCreated: async (tx, submissionId) => {
        await tx.uploadSession.update({ where: { id }, data: { status: "completed", submissionId, leaseUntil: null, error: null } });
      },
    });
    await deleteSessionFile(id); // the stored submission file is a hard link to the same bytes
    return { uploadId: id, created: true, submission: { ...created, status: "queued" } };
  } catch (e) {
    await releaseAfterFailure(id, e);
    throw e;
  }
}

async function claimCompletion(s: UploadSessionRow): Promise<void> {
  const now = new Date();
  const claimed = await db().uploadSession.updateMany({
    where: { id: s.id, status: "open", receivedBytes: s.size, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { status: "completing", leaseUntil: new Date(now.getTime() + COMPLETE_LEASE_MS) },
  });
  if (claimed.count === 0) throw new AppError("CONFLICT", `upload ${s.id} is busy (a chunk is being written or it is being completed); try again in a moment`);
}

async function releaseAfterFailure(id: string, e: unknown): Promise<void> {
  const refused = isAppError(e) && FILE_REFUSALS.has(e.code);
  await db().uploadSession.update({
    where: { id },
    data: refused ? { status: "failed", error: (e as Error).message, leaseUntil: null } : { status: "open", submissionId: null, leaseUntil: null },
  });
  if (refused) await deleteSessionFile(id);
}

async function submissionSummary(submissionId: string): Promise<CompletedUpload["submission"]> {
  const s = await db().submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { id: true, status: true, organisation: { select: { slug: true } }, version: { select: { version: true, benchmark: { select: { slug: true } } } } },
  });
  return { id: s.id, status: s.status, benchmark: s.version.benchmark.slug, version: s.version.version, organisation: s.organisation?.slug ?? null };
}
