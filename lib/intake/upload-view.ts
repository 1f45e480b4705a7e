import type { UploadStatus } from "@/lib/db/generated/client";
import { getConfig } from "@/lib/config";

// The public form of an upload session (Prisma rows never leave lib/).
export interface UploadSessionView {
  id: string;
  benchmark: string;
  status: UploadStatus;
  /** The file's size, as declared when the session was created. */
  size: number;
  /** Bytes stored so far, from the start of the file: the next chunk starts here. */
  receivedBytes: number;
  /** The SHA-256 the client declared (checked against the bytes on completion), if any. */
  sha256: string | null;
  kind: string | null;
  /** The organisation the file will be submitted for (slug), or null. */
  organisation: string | null;
  filename: string | null;
  /** Set once the session is completed. */
  submissionId: string | null;
  /** Why the session was refused or given up. */
  error: string | null;
  /** The largest chunk one PUT may carry. */
  maxChunkBytes: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export const UPLOAD_SESSION_SELECT = {
  id: true,
  userId: true,
  benchmarkSlug: true,
  organisationSlug: true,
  status: true,
  size: true,
  receivedBytes: true,
  declaredSha256: true,
  kind: true,
  filename: true,
  submissionId: true,
  error: true,
  leaseUntil: true,
  createdAt: true,
  updatedAt: true,
  expiresAt: true,
} as const;

export interface UploadSessionRow {
  id: string;
  userId: string;
  benchmarkSlug: string;
  organisationSlug: string | null;
  status: UploadStatus;
  size: bigint;
  receivedBytes: bigint;
  declaredSha256: string | null;
  kind: string | null;
  filename: string | null;
  submissionId: string | null;
  error: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

export function toUploadSessionView(s: UploadSessionRow): UploadSessionView {
  return {
    id: s.id,
    benchmark: s.benchmarkSlug,
    status: s.status,
    size: Number(s.size),
    receivedBytes: Number(s.receivedBytes),
    sha256: s.declaredSha256,
    kind: s.kind,
    organisation: s.organisationSlug,
    filename: s.filename,
    submissionId: s.submissionId,
    error: s.error,
    maxChunkBytes: getConfig().EXECBOARD_UPLOAD_CHUNK_MAX_BYTES,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
  };
}
