import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { IntakeFile } from "@/lib/kinds/kind";
import { linkFile, putFile } from "@/lib/storage/file-store";

// The file behind a new submission, as intake handles it: bytes in memory (baselines the
// server makes itself), or a file on disk (a multipart POST's file part, spooled as it arrived,
// or a completed upload session's bytes), which submission types check streaming from disk and
// intake stores by a hard link, never loading it whole.
export interface UploadedFile {
  /** The file on disk: an upload session's bytes, or a multipart upload's spooled file part. */
  path: string;
  bytes: number;
  /** SHA-256 the server computed from the bytes as they arrived. */
  sha256: string;
  /** How it came: in one multipart request, or through a resumable upload (default); limits differ. */
  via?: "request" | "upload";
}

export interface HeldFile extends IntakeFile {
  sha256(): string;
  /** The first bytes, enough to tell which submission type it is. */
  head(): Promise<Uint8Array>;
  store(key: string): Promise<void>;
}

export function holdFile(file: Buffer | UploadedFile): HeldFile {
  if (Buffer.isBuffer(file)) {
    return {
      via: "request",
      bytes: file.length,
      path: null,
      buffer: file,
      readAll: async () => file,
      sha256: () => crypto.createHash("sha256").update(file).digest("hex"),
      head: async () => file.subarray(0, 4096),
      store: (key) => putFile(key, file),
    };
  }
  return {
    via: file.via ?? "upload",
    bytes: file.bytes,
    path: file.path,
    buffer: null,
    readAll: () => fs.readFile(file.path),
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
    store: (key) => linkFile(key, file.path),
  };
}
