import fs from "node:fs/promises";
import { AppError } from "@/lib/errors/app-error";
import type { UploadSessionView } from "@/lib/intake/upload-view";
import { UnreachableError, type ApiClient } from "./api-client";
import { ApiError } from "./api-error";

// The client side of resumable uploads (used by `execboard submit`): opens a session, sends the
// file in chunks from wherever the server's copy ends, and survives dropped connections, server
// restarts and rate limits by asking the server where it stands and carrying on from there.
export const DEFAULT_CHUNK_BYTES = 32 * 1024 * 1024;
const RETRIES = 6;

export class ResumableUpload {
  constructor(private readonly client: ApiClient) {}

  getSession(id: string): Promise<UploadSessionView> {
    return this.client.request("GET", `/api/v1/uploads/${encodeURIComponent(id)}`);
  }

  /**
   * Sends `file` from the server's offset to its end in chunks. `onProgress(bytesStored)` after
   * every chunk (and `onRetry` when a chunk has to be tried again). Returns the final session.
   */
  async sendFile(
    file: string,
    session: UploadSessionView,
    opts: { chunkBytes?: number; onProgress?: (stored: number) => void; onRetry?: (why: string, waitMs: number) => void } = {},
  ): Promise<UploadSessionView> {
    const chunkBytes = Math.max(1, Math.min(opts.chunkBytes ?? DEFAULT_CHUNK_BYTES, session.maxChunkBytes));
    const fh = await fs.open(file, "r");
    const buf = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(1, session.size)));
    let current = session;
    let failures = 0;
    try {
      while (current.receivedBytes < current.size) {
        const start = current.receivedBytes;
        const length = Math.min(chunkBytes, current.size - start);
        const { bytesRead } = await fh.read(buf, 0, length, start);
        if (bytesRead !== length) throw new AppError("BAD_REQUEST", `${file} changed while uploading (it is shorter than ${current.size} bytes now)`);
        try {
          current = await this.client.request<UploadSessionView>("PUT", `/api/v1/uploads/${current.id}`, {
            body: buf.subarray(0, length),
            headers: { "content-range": `bytes ${start}-${start + length - 1}/${current.size}` },
          });
          failures = 0;
          opts.onProgress?.(current.receivedBytes);
        } catch (e) {
          const wait = retryDelay(e, ++failures);
          if (wait === null) {
            // The server's copy ends elsewhere (an earlier attempt got further than we knew).
            const at = (e as ApiError).details as { receivedBytes?: number } | undefined;
            if (e instanceof ApiError && e.status === 409 && typeof at?.receivedBytes === "number") {
              current = { ...current, receivedBytes: at.receivedBytes };
              continue;
            }
            throw e;
          }
          opts.onRetry?.((e as Error).message, wait);
          await new Promise((r) => setTimeout(r, wait));
          current = await this.resync(current.id);
        }
      }
      return current;
    } finally {
      await fh.close();
    }
  }

  // Where the server's copy ends now, asking again while it is unreachable.
  private async resync(id: string): Promise<UploadSessionView> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.getSession(id);
      } catch (e) {
        const wait = retryDelay(e, attempt);
        if (wait === null) throw e;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}

/** How long to wait before trying again after `e` (the n-th failure in a row), or null: do not. */
export function retryDelay(e: unknown, n: number): number | null {
  if (n > RETRIES) return null;
  const backoff = Math.min(30_000, 500 * 2 ** (n - 1));
  if (e instanceof UnreachableError) return backoff;
  if (e instanceof ApiError) {
    if (e.status >= 500) return backoff;
    if (e.code === "RATE_LIMITED") return Math.max(backoff, (e.retryAfterSeconds ?? 1) * 1000);
    if (e.status === 400 && /cut off|body ended/.test(e.message)) return backoff; // the body was cut in transit
  }
  return null;
}
