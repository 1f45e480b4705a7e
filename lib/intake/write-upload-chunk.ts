import fs from "node:fs/promises";
import type { Principal } from "@/lib/auth/principal";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { parseContentRange } from "./content-range";
import { assertOpen, findUploadSession } from "./find-upload-session";
import { sessionFilePath } from "./session-file";
import { toUploadSessionView, UPLOAD_SESSION_SELECT, type UploadSessionView } from "./upload-view";

// How long one chunk PUT may hold a session before another request may take it over (a crashed
// server's hold expires); a 256 MiB chunk at 1 MB/s takes about four and a half minutes.
const WRITE_LEASE_MS = 15 * 60_000;
const WRITE_BATCH = 4 * 1024 * 1024;

export interface ChunkInput {
  contentRange: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
}

// Stores one chunk of an upload at its offset, streaming the request body to disk (never held
// in memory). A chunk must start where the stored bytes end (409 CONFLICT with the offset
// otherwise, so a client that lost track can resynchronise). One writer at a time, by a lease on
// the session row. If the body ends early (the client went away), what arrived is kept and the
// next chunk starts after it; a body longer than its Content-Range is discarded whole.
export async function writeUploadChunk(id: string, principal: Principal, input: ChunkInput): Promise<UploadSessionView> {
  const session = await findUploadSession(id, principal);
  assertOpen(session);
  const range = parseContentRange(input.contentRange);
  const size = Number(session.size);
  if (range.total !== size) throw new AppError("BAD_REQUEST", `Content-Range says the file has ${range.total} bytes; this upload was opened for ${size}`);
  const length = range.end - range.start;
  const max = getConfig().EXECBOARD_UPLOAD_CHUNK_MAX_BYTES;
  if (length > max) throw new AppError("PAYLOAD_TOO_LARGE", `a chunk may carry at most ${max} bytes; this one has ${length}`);
  if (input.contentLength !== null && Number(input.contentLength) !== length) {
    throw new AppError("BAD_REQUEST", `Content-Length is ${input.contentLength} but Content-Range covers ${length} bytes`);
  }
  if (!input.body) throw new AppError("BAD_REQUEST", "the chunk has no body");

  const lease = await claimWrite(session.id, range.start);
  let written = 0; // bytes on disk at range.start onwards
  let problem: AppError | null = null;
  const fh = await fs.open(sessionFilePath(session.id), "r+");
  // Small reads from the socket are gathered into one buffer and written in a few large writes.
  const batch = Buffer.allocUnsafe(Math.min(WRITE_BATCH, length));
  let batched = 0;
  const flush = async () => {
    for (let off = 0; off < batched; ) off += (await fh.write(batch, off, batched - off, range.start + written + off)).bytesWritten;
    written += batched;
    batched = 0;
  };
  try {
    const reader = input.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (written + batched + value.length > length) {
          problem = new AppError("BAD_REQUEST", `the body is longer than the ${length} bytes its Content-Range covers; the chunk was discarded`);
          await reader.cancel().catch(() => undefined);
          break;
        }
        for (let p = 0; p < value.length; ) {
          const take = Math.min(value.length - p, batch.length - batched);
          batch.set(value.subarray(p, p + take), batched);
          batched += take;
          p += take;
          if (batched === batch.length) await flush();
        }
      }
    } catch (e) {
      // The connection broke mid-chunk: keep what arrived (below) and report it.
      problem = new AppError("BAD_REQUEST", `the chunk's body was cut off after ${written + batched} bytes (${(e as Error).message})`);
    }
    if (problem?.message.includes("discarded")) {
      written = 0;
      batched = 0;
    } else await flush();
    if (!problem && written < length) problem = new AppError("BAD_REQUEST", `the body ended after ${written} of the ${length} bytes its Content-Range covers`);
    await fh.datasync();
  } finally {
    await fh.close();
  }
  const receivedBytes = range.start + written;
  await db().uploadSession.updateMany({
    where: { id: session.id, leaseUntil: lease },
    data: { receivedBytes: BigInt(receivedBytes), leaseUntil: null, expiresAt: new Date(Date.now() + getConfig().EXECBOARD_UPLOAD_SESSION_TTL_HOURS * 3600_000) },
  });
  if (problem) throw new AppError(problem.code, `${problem.message}; the upload now holds ${receivedBytes} bytes, continue from there`, { receivedBytes });
  return toUploadSessionView(await db().uploadSession.findUniqueOrThrow({ where: { id: session.id }, select: UPLOAD_SESSION_SELECT }));
}

// Takes the session for one write, if it still ends at `start` and nobody else holds it.
async function claimWrite(id: string, start: number): Promise<Date> {
  const now = new Date();
  const lease = new Date(now.getTime() + WRITE_LEASE_MS);
  const claimed = await db().uploadSession.updateMany({
    where: { id, status: "open", receivedBytes: BigInt(start), OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: lease },
  });
  if (claimed.count === 1) return lease;
  const s = await db().uploadSession.findUniqueOrThrow({ where: { id }, select: UPLOAD_SESSION_SELECT });
  assertOpen(s, now);
  const received = Number(s.receivedBytes);
  if (received !== start) {
    throw new AppError("CONFLICT", `this upload holds ${received} bytes; send the chunk that starts at byte ${received}`, { receivedBytes: received });
  }
  throw new AppError("CONFLICT", "another request is writing to this upload; wait for it to finish", { receivedBytes: received });
}
