import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { cancelUploadSession } from "@/lib/intake/cancel-upload-session";
import { createUploadSession, MAX_OPEN_UPLOADS } from "@/lib/intake/create-upload-session";
import { DEMO_SLUG, importDemo } from "../integration/helpers";

// Opening resumable uploads claims the open-upload slot and the disk under one lock: concurrent
// requests cannot all pass the checks before any of them has claimed anything, and what
// unfinished uploads may still send never exceeds the free space.
const GiB = 1024 ** 3;
const dataDir = process.env.EXECBOARD_DATA_DIR ?? "var/data";
fs.mkdirSync(dataDir, { recursive: true });
const stats = fs.statfsSync(dataDir);
const free = Number(stats.bavail) * Number(stats.bsize);
// Leave 12 GiB of room for this file's uploads (others' small sessions fit in the slack).
vi.stubEnv("EXECBOARD_UPLOAD_DISK_HEADROOM_BYTES", String(Math.max(0, free - 12 * GiB)));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe("upload reservations", () => {
  const vendors: Principal[] = [];
  const vendor = async () => {
    const u = await createUser({ email: `reserve-${crypto.randomUUID()}@test.execboard`, role: "vendor" });
    const p = await authenticateBearer(`Bearer ${u.token}`);
    vendors.push(p);
    return p;
  };

  beforeAll(async () => {
    await importDemo();
  });

  afterAll(async () => {
    await db().uploadSession.deleteMany({ where: { userId: { in: vendors.map((v) => v.userId) } } });
    await disconnectDb();
  });

  it("admits exactly the open-upload limit when 30 requests from one vendor race", async () => {
    const v = await vendor();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => createUploadSession(v, { benchmark: DEMO_SLUG, size: 1024 })));
    const created = results.filter((r) => r.status === "fulfilled");
    expect(created).toHaveLength(MAX_OPEN_UPLOADS);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("CONFLICT");
    expect(await db().uploadSession.count({ where: { userId: v.userId, status: "open" } })).toBe(MAX_OPEN_UPLOADS);
  });

  it("refuses an upload the disk cannot hold beside those already reserved (507), and admits it once one is cancelled", async () => {
    const [a, b] = [await vendor(), await vendor()];
    const first = await createUploadSession(a, { benchmark: DEMO_SLUG, size: 8 * GiB });
    const refused = await refusal(createUploadSession(b, { benchmark: DEMO_SLUG, size: 8 * GiB }));
    expect(refused.code).toBe("INSUFFICIENT_STORAGE");
    expect(refused.message).toMatch(/the server cannot take 8589934592 bytes now: \d+ bytes are free for uploads, \d+ are reserved by unfinished uploads/);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await db().uploadSession.count({ where: { userId: b.userId } })).toBe(0);
    await cancelUploadSession(first.id, a);
    const second = await createUploadSession(b, { benchmark: DEMO_SLUG, size: 8 * GiB });
    expect(second.size).toBe(8 * GiB);
    await cancelUploadSession(second.id, b);
  });

  it("does not let concurrent large uploads from many vendors reserve more than the room together", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, () => vendor()));
    const results = await Promise.allSettled(many.map((v) => createUploadSession(v, { benchmark: DEMO_SLUG, size: 5 * GiB })));
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof createUploadSession>>> => r.status === "fulfilled");
    // 12 GiB of room holds two 5 GiB uploads, never three.
    expect(ok).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).code).toBe("INSUFFICIENT_STORAGE");
    for (const [i, r] of results.entries()) if (r.status === "fulfilled") await cancelUploadSession(r.value.id, many[i]);
  });
});
