import crypto from "node:crypto";
import { z } from "zod";
import type { Principal } from "@/lib/auth/authenticate";
import { getLatestVersionId } from "@/lib/benchmark/get-version";
import type { SubmissionKind } from "@/lib/db/generated/enums";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { kindOfVersion } from "@/lib/kinds/registry";
import { resolveSubmittingOrganisation, submitOrganisationField } from "@/lib/organisations/resolve-submitting-organisation";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { assertWithinQuota, withQuotaCharge } from "@/lib/quotas/charge-quota";
import { deleteFile } from "@/lib/storage/file-store";
import { assertSameStorage } from "@/lib/storage/storage-identity";
import { parseSubmissionMetadata } from "@/lib/submissions/metadata";
import { holdFile, type UploadedFile } from "./intake-file";
import { chooseSubmissionType } from "./submission-type";

/** The text fields of the multipart submission form (POST /api/v1/benchmarks/{slug}/submissions) beside its file. */
export const submissionFormFields = z.strictObject({
  metadata: z
    .string({ error: "required: the model's metadata as JSON text" })
    .describe("JSON text: model, provider (required), similarity, revision, link, openWeights, dimensions, queryPrefix, passagePrefix, notes"),
  kind: z.string().optional().describe("the submission type: embeddings (.npz) or ranking (.jsonl) on an execution-grounded benchmark; run_trec, run_jsonl or chunk_embeddings (.npz) on a repository-retrieval one; when absent, the file's first bytes decide"),
  organisation: submitOrganisationField,
});

export interface CreateSubmissionInput {
  slug: string;
  principal: Principal;
  /** The bytes (multipart upload), or a completed upload session's file on disk. */
  file: Buffer | UploadedFile;
  metadata: unknown;
  /** Submit on behalf of this organisation (slug); the principal must be a member. */
  organisation?: string | null;
  isBaseline?: boolean;
  /** A submission type of the benchmark's kind (e.g. "embeddings", "ranking"); when absent, the file's first bytes decide. */
  kind?: string | null;
  /** Runs in the transaction that inserts the submission (an upload session marks itself done). */
  onCreated?: (tx: Tx, submissionId: string) => Promise<void>;
}

export interface CreatedSubmission {
  id: string;
  status: "queued";
  benchmark: string;
  version: string;
  /** The organisation it was submitted for (slug), or null. */
  organisation: string | null;
}

// Turns an upload into a submission: checks the metadata and the whole file against the
// benchmark version (through the submission type of the benchmark's kind that the file is)
// before anything is stored, then stores the file, records the submission and queues it.
// A refused upload leaves no file, no row and no job behind. One made for an organisation the
// submitter does not belong to is refused first (NOT_FOUND, as for a missing one), before
// anything is charged.
export async function createSubmission(input: CreateSubmissionInput): Promise<CreatedSubmission> {
  const organisation = await resolveSubmittingOrganisation(input.principal, input.organisation);
  const metadata = parseSubmissionMetadata(input.metadata);
  const file = holdFile(input.file);
  if (file.bytes === 0) throw new AppError("INVALID_UPLOAD", "file is empty");
  const version = await getLatestVersionId(input.slug);
  const kind = await kindOfVersion(version.id);
  const type = chooseSubmissionType(kind, await file.head(), input.kind);
  const limit = type.maxBytes(file.via);
  if (file.bytes > limit) throw new AppError("PAYLOAD_TOO_LARGE", `file is ${file.bytes} bytes; the limit is ${limit}`);
  const charge = { principal: input.principal, organisation, versionId: version.id, isBaseline: input.isBaseline ?? false };
  await assertWithinQuota(charge); // before the costly checks; re-checked under a lock at insert
  const checked = await type.check(file, version.id, metadata);

  const id = crypto.randomUUID();
  const storageKey = `${id}.${type.extension}`;
  await assertSameStorage(); // never store where the workers will not look
  await file.store(storageKey);
  try {
    await withQuotaCharge(charge, async (tx) => {
      await tx.submission.create({
        data: {
          id,
          versionId: version.id,
          userId: input.principal.userId,
          organisationId: organisation?.id ?? null,
          modelName: metadata.model,
          provider: metadata.provider,
          similarity: metadata.similarity,
          kind: type.id as SubmissionKind,
          metadata,
          isBaseline: input.isBaseline ?? false,
          dims: checked.dims,
          dtype: checked.dtype,
          fileSha256: file.sha256(),
          fileBytes: BigInt(file.bytes),
          storageKey,
          events: { create: { status: "queued", message: checked.summary } },
        },
      });
      await input.onCreated?.(tx, id);
    });
  } catch (e) {
    await deleteFile(storageKey);
    throw e;
  }
  try {
    await enqueue(jobs.scoreSubmission, { submissionId: id });
  } catch (e) {
    await db().submission.delete({ where: { id } }).catch(() => undefined);
    await deleteFile(storageKey);
    throw new AppError("INTERNAL", `could not queue the submission: ${(e as Error).message}`);
  }
  return { id, status: "queued", benchmark: input.slug, version: version.version, organisation: organisation?.slug ?? null };
}
