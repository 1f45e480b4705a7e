import crypto from "node:crypto";
import type { Principal } from "@/lib/auth/authenticate";
import { getLatestVersionId, getVersionIds } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueScoreSubmission } from "@/lib/queue/enqueue";
import { assertWithinQuota, withQuotaCharge } from "@/lib/quotas/charge-quota";
import { detectSubmissionKind, storageKeyFor } from "@/lib/rankings/detect-kind";
import { deleteFile, putFile } from "@/lib/storage/file-store";
import { checkUpload } from "./check-upload";
import { parseSubmissionMetadata } from "./metadata";

export interface CreateSubmissionInput {
  slug: string;
  principal: Principal;
  file: Buffer;
  metadata: unknown;
  isBaseline?: boolean;
  /** "embeddings" (.npz) or "ranking" (JSON lines); when absent, the file's first bytes decide. */
  kind?: string | null;
}

export interface CreatedSubmission {
  id: string;
  status: "queued";
  benchmark: string;
  version: string;
}

// Accepts an embedding upload: checks metadata and the whole file against the benchmark
// before anything is stored, then stores the file, records the submission and queues it.
// A refused upload leaves no file, no row and no job behind.
export async function createSubmission(input: CreateSubmissionInput): Promise<CreatedSubmission> {
  const metadata = parseSubmissionMetadata(input.metadata);
  const maxBytes = getConfig().EXECBOARD_UPLOAD_MAX_BYTES;
  if (input.file.length > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `file is ${input.file.length} bytes; the limit is ${maxBytes}`);
  }
  if (input.file.length === 0) throw new AppError("INVALID_UPLOAD", "file is empty");
  const version = await getLatestVersionId(input.slug);
  const charge = { principal: input.principal, versionId: version.id, isBaseline: input.isBaseline ?? false };
  await assertWithinQuota(charge); // before the costly checks; re-checked under a lock at insert
  const ids = await getVersionIds(version.id);
  const kind = detectSubmissionKind(input.file, input.kind);
  const checked = checkUpload(input.file, kind, ids, metadata, maxBytes);

  const id = crypto.randomUUID();
  const storageKey = storageKeyFor(id, kind);
  await putFile(storageKey, input.file);
  try {
    await withQuotaCharge(charge, (tx) => tx.submission.create({
      data: {
        id,
        versionId: version.id,
        userId: input.principal.userId,
        modelName: metadata.model,
        provider: metadata.provider,
        similarity: metadata.similarity,
        kind,
        metadata,
        isBaseline: input.isBaseline ?? false,
        dims: checked.dims,
        dtype: checked.dtype,
        fileSha256: crypto.createHash("sha256").update(input.file).digest("hex"),
        fileBytes: BigInt(input.file.length),
        storageKey,
        events: { create: { status: "queued", message: checked.summary } },
      },
    }));
  } catch (e) {
    await deleteFile(storageKey);
    throw e;
  }
  try {
    await enqueueScoreSubmission({ submissionId: id });
  } catch (e) {
    await db().submission.delete({ where: { id } }).catch(() => undefined);
    await deleteFile(storageKey);
    throw new AppError("INTERNAL", `could not queue the submission: ${(e as Error).message}`);
  }
  return { id, status: "queued", benchmark: input.slug, version: version.version };
}
