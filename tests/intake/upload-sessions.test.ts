import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { cancelUploadSession } from "@/lib/intake/cancel-upload-session";
import { completeUploadSession } from "@/lib/intake/complete-upload-session";
import { createUploadSession, MAX_OPEN_UPLOADS } from "@/lib/intake/create-upload-session";
import { purgeExpiredUploads } from "@/lib/intake/purge-expired-uploads";
import { sessionFilePath } from "@/lib/intake/session-file";
import { writeUploadChunk } from "@/lib/intake/write-upload-chunk";
import { DEMO_SLUG, importDemo } from "../integration/helpers";

// Upload sessions against the real database and data directory: one writer at a time, bodies
// that do not match their range, expiry, and the per-vendor limit on unfinished uploads.
const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff));
const body = (b: Buffer) => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array(b)), c.close()) });
const range = (start: number, end: number, total: number) => `bytes ${start}-${end - 1}/${total}`;
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe("upload sessions", () => {
  let vendor: Principal;

  beforeAll(async () => {
    await importDemo();
    const u = await createUser({ email: `uploads-${crypto.randomUUID()}@test.execboard`, role: "vendor" });
    vendor = await authenticateBearer(`Bearer ${u.token}`);
  });

  afterAll(async () => {
    await db().uploadSession.deleteMany({ where: { userId: vendor.userId } });
    await disconnectDb();
  });

  it("lets one request write at a time; the other is told to wait, and the bytes stay consistent", async () => {
    const file = bytes(64);
    const s = await createUploadSession(vendor, { benchmark: DEMO_SLUG, size: file.length });
    let release!: () => void;
    const slow = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(file.subarray(0, 16)));
        release = () => (c.enqueue(new Uint8Array(file.subarray(16, 32))), c.close());
      },
    });
    const first = writeUploadChunk(s.id, vendor, { contentRange: range(0, 32, 64), contentLength: null, body: slow });
    await new Promise((r) => setTimeout(r, 200));
    const busy = await refusal(writeUploadChunk(s.id, vendor, { contentRange: range(0, 32, 64), contentLength: null, body: body(file.subarray(0, 32)) }));
    expect(busy.code).toBe("CONFLICT");
    expect(busy.message).toMatch(/another request is writing/);
    release();
    expect((await first).receivedBytes).toBe(32);
    expect(fs.readFileSync(sessionFilePath(s.id)).subarray(0, 32)).toEqual(file.subarray(0, 32));
    await cancelUploadSession(s.id, vendor);
  });

  it("discards a body longer than its range, and refuses a Content-Length that disagrees", async () => {
    const s = await createUploadSession(vendor, { benchmark: DEMO_SLUG, size: 32 });
    const long = await refusal(writeUploadChunk(s.id, vendor, { contentRange: range(0, 16, 32), contentLength: null, body: body(bytes(20)) }));
    expect(long.message).toMatch(/longer than the 16 bytes .* discarded; the upload now holds 0 bytes/);
    const lying = await refusal(writeUploadChunk(s.id, vendor, { contentRange: range(0, 16, 32), contentLength: "15", body: body(bytes(16)) }));
    expect(lying.message).toMatch(/Content-Length is 15 but Content-Range covers 16 bytes/);
    const wrongTotal = await refusal(writeUploadChunk(s.id, vendor, { contentRange: range(0, 16, 33), contentLength: null, body: body(bytes(16)) }));
    expect(wrongTotal.message).toMatch(/opened for 32/);
    expect((await db().uploadSession.findUniqueOrThrow({ where: { id: s.id } })).receivedBytes).toBe(0n);
    await cancelUploadSession(s.id, vendor);
  });

  it("gives up idle uploads past their expiry, deleting their bytes", async () => {
    const s = await createUploadSession(vendor, { benchmark: DEMO_SLUG, size: 8 });
    await writeUploadChunk(s.id, vendor, { contentRange: range(0, 4, 8), contentLength: "4", body: body(bytes(4)) });
    await db().uploadSession.update({ where: { id: s.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await purgeExpiredUploads()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(sessionFilePath(s.id))).toBe(false);
    const gone = await refusal(writeUploadChunk(s.id, vendor, { contentRange: range(4, 8, 8), contentLength: "4", body: body(bytes(4)) }));
    expect(gone.message).toMatch(/given up \(expired: no chunk arrived before its expiry\); start a new upload/);
    const complete = await refusal(completeUploadSession(s.id, vendor, { metadata: { model: "m", provider: "p" } }));
    expect(complete.code).toBe("CONFLICT");
  });

  it(`allows ${MAX_OPEN_UPLOADS} unfinished uploads per vendor`, async () => {
    const open = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) open.push(await createUploadSession(vendor, { benchmark: DEMO_SLUG, size: 8 }));
    const more = await refusal(createUploadSession(vendor, { benchmark: DEMO_SLUG, size: 8 }));
    expect(more.code).toBe("CONFLICT");
    expect(more.message).toMatch(/unfinished uploads/);
    await cancelUploadSession(open[0].id, vendor);
    const next = await createUploadSession(vendor, { benchmark: DEMO_SLUG, size: 8 });
    for (const s of [...open.slice(1), next]) await cancelUploadSession(s.id, vendor);
    expect(await db().uploadSession.count({ where: { userId: vendor.userId, status: "open" } })).toBe(0);
  });
});
