import crypto from "node:crypto";
import fs from "node:fs/promises";
import { getConfig } from "@/lib/config";
import { validateSubmissionFile } from "@/lib/embeddings/validate-submission-file";
import { AppError } from "@/lib/errors/app-error";
import type { SubmissionKind } from "@/lib/rankings/detect-kind";
import { linkFile, putFile } from "@/lib/storage/file-store";
import { checkUpload, type CheckedUpload } from "@/lib/submissions/check-upload";

// The file behind a new submission, as createSubmission handles it: bytes in memory (the
// multipart POST), or a completed upload session's file on disk, which is validated streaming
// from disk and stored by a hard link, never loaded whole.
export interface UploadedFile {
  /** The file on disk (an upload session's bytes). */
  path: string;
  bytes: number;
  /** SHA-256 the server computed from the bytes on disk. */
  sha256: string;
}

export interface UploadSource {
  bytes: number;
  /** The most this kind of upload may weigh. */
  limit: number;
  sha256(): string;
  /** The first bytes, enough to tell an .npz from a ranking file. */
  head(): Promise<Uint8Array>;
  check(kind: SubmissionKind, ids: { queryIds: string[]; corpusIds: string[] }, metadata: { dimensions?: number }): Promise<CheckedUpload>;
  store(key: string): Promise<void>;
}

export function uploadSource(file: Buffer | UploadedFile): UploadSource {
  const config = getConfig();
  if (Buffer.isBuffer(file)) {
    const maxBytes = config.EXECBOARD_UPLOAD_MAX_BYTES;
    return {
      bytes: file.length,
      limit: maxBytes,
      sha256: () => crypto.createHash("sha256").update(file).digest("hex"),
      head: async () => file,
      check: async (kind, ids, metadata) => checkUpload(file, kind, ids, metadata, maxBytes),
      store: (key) => putFile(key, file),
    };
  }
  const maxBytes = config.EXECBOARD_UPLOAD_SESSION_MAX_BYTES;
  return {
    bytes: file.bytes,
    limit: maxBytes,
    sha256: () => file.sha256,
    head: async () => {
      const fh = await fs.open(file.path, "r");
      try {
        const buf = Buffer.alloc(Math.min(4096, file.bytes));
        await fh.read(buf, 0, buf.length, 0);
        return buf;
      } finally {
        await fh.close();
      }
    },
    check: async (kind, ids, metadata) => {
      if (kind === "ranking") {
        // Ranking files are parsed in memory; they are small (a few MiB for any benchmark).
        const limit = config.EXECBOARD_UPLOAD_MAX_BYTES;
        if (file.bytes > limit) throw new AppError("PAYLOAD_TOO_LARGE", `a ranking file may be at most ${limit} bytes; this one is ${file.bytes}`);
        return checkUpload(await fs.readFile(file.path), kind, ids, metadata, limit);
      }
      const checked = await validateSubmissionFile(file.path, ids, { maxBytes });
      if (metadata.dimensions !== undefined && metadata.dimensions !== checked.dims) {
        throw new AppError("INVALID_UPLOAD", `metadata.dimensions is ${metadata.dimensions} but the matrices have ${checked.dims} columns`);
      }
      return { dims: checked.dims, dtype: checked.dtype, summary: `${checked.queryCount} queries × ${checked.corpusCount} corpus rows, d=${checked.dims}, ${checked.dtype}` };
    },
    store: (key) => linkFile(key, file.path),
  };
}
