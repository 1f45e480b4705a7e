// Accepted uploads in an S3-compatible object store, against a real S3 server process
// (s3rver, started here on loopback): the store's contract, and a submission made on one
// "machine" (this process, with its own EXECBOARD_DATA_DIR) scored by a worker on another (a
// worker process with a different EXECBOARD_DATA_DIR), through a multipart upload and a
// resumable one. This file uses a database of its own on the test Postgres server, so the
// suite's storage identity (a local directory) is not disturbed.
//
// What s3rver does not cover, and so neither does this test: conditional writes (If-None-Match;
// the storage marker is written under a database lock instead), real credentials and signature
// checks (it accepts any well-formed signature), bucket policies and encryption, and the
// consistency and latency of a distributed store.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-s3-"));
const BUCKET = "execboard-test";
const DB_NAME = `execboard_s3_${process.pid}`;
const baseDbUrl = process.env.DATABASE_URL!;
const dbUrl = baseDbUrl.replace(/\/[^/?]+(\?|$)/, `/${DB_NAME}$1`);
const web = path.join(ROOT, "web-machine");
const worker = path.join(ROOT, "worker-machine");
let s3Port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function s3Env(dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: dbUrl,
    EXECBOARD_DATA_DIR: dataDir,
    EXECBOARD_STORAGE: "s3",
    EXECBOARD_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    EXECBOARD_S3_BUCKET: BUCKET,
    EXECBOARD_S3_PREFIX: "installation-a",
    EXECBOARD_S3_ACCESS_KEY_ID: "S3RVER",
    EXECBOARD_S3_SECRET_ACCESS_KEY: "S3RVER",
    EXECBOARD_QUEUE_PREFIX: `s3test-${process.pid}`,
  };
}

let s3: ChildProcess | undefined;

async function startS3(): Promise<void> {
  s3Port = await freePort();
  s3 = spawn(path.resolve("node_modules/.bin/s3rver"), ["-d", path.join(ROOT, "s3"), "-a", "127.0.0.1", "-p", String(s3Port), "--configure-bucket", BUCKET, "--silent"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(s3Port, "127.0.0.1", () => (sock.end(), resolve(true)));
      sock.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("s3rver did not start");
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseDbUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every object key s3rver holds under the bucket (it keeps them as files). */
function objectsOnServer(): string[] {
  const dir = path.join(ROOT, "s3", BUCKET);
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.name.endsWith("._S3rver_object")) out.push(path.relative(path.join(ROOT, "s3", BUCKET), path.join(d, e.name)).replace(/\._S3rver_object$/, ""));
    }
  };
  walk(dir);
  return out.sort();
}

beforeAll(async () => {
  await startS3();
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME}`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  Object.assign(process.env, s3Env(web));
  const { migrate } = await import("@/lib/db/migrate");
  await migrate(dbUrl);
}, 120_000);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db/client");
  const { closeQueue } = await import("@/lib/queue/enqueue");
  await closeQueue();
  await disconnectDb();
  s3?.kill("SIGTERM");
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  fs.rmSync(ROOT, { recursive: true, force: true });
});

describe("the S3 object store", () => {
  it("stores bytes and files (multipart, streamed), hands out working copies it cleans up, and deletes", async () => {
    const { objectStore } = await import("@/lib/storage/file-store");
    const store = objectStore();
    expect(store.description).toBe(`object store s3://${BUCKET}/installation-a/ at http://127.0.0.1:${s3Port}`);

    const small = crypto.randomBytes(1000);
    await store.put("small.bin", small);
    const a = await store.open("small.bin");
    expect(fs.readFileSync(a.path).equals(small)).toBe(true);
    expect(a.path.startsWith(path.join(web, "object-cache"))).toBe(true);
    await a.release();
    expect(fs.existsSync(a.path)).toBe(false);

    // 40 MiB from disk: a multipart upload (16 MiB parts), never read whole into memory.
    const big = path.join(ROOT, "big.bin");
    const chunk = crypto.randomBytes(1024 * 1024);
    const fd = fs.openSync(big, "w");
    for (let i = 0; i < 40; i++) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    await store.putFromPath("big.bin", big);
    const b = await store.open("big.bin");
    const hash = (p: string) => crypto.createHash("sha256").update(fs.readFileSync(p)).digest("hex");
    expect(hash(b.path)).toBe(hash(big));
    await b.release();
    expect(objectsOnServer()).toEqual(["installation-a/uploads/big.bin", "installation-a/uploads/small.bin"]);

    await store.delete("big.bin");
    const missing = await store.open("big.bin").catch((e: NodeJS.ErrnoException) => e);
    expect((missing as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect(fs.readdirSync(path.join(web, "object-cache"))).toEqual([]);
  });

  it("lets a worker on another machine score what the web app stored (multipart and resumable uploads)", { timeout: 300_000 }, async () => {
    const { importDemo, demoLayout, newUser, syntheticNpz, METADATA } = await import("../integration/helpers");
    const { startWorker, stopWorker, until } = await import("../integration/fault-helpers");
    const { createSubmission } = await import("@/lib/intake/create-submission");
    const { createUploadSession } = await import("@/lib/intake/create-upload-session");
    const { writeUploadChunk } = await import("@/lib/intake/write-upload-chunk");
    const { completeUploadSession } = await import("@/lib/intake/complete-upload-session");
    const { authenticateBearer } = await import("@/lib/auth/authenticate");
    const { db } = await import("@/lib/db/client");

    const demo = await importDemo();
    const layout = await demoLayout(demo.versionId);
    const user = await newUser("vendor");
    const principal = await authenticateBearer(`Bearer ${user.token}`);
    const w = startWorker({ ...s3Env(worker), EXECBOARD_SANDBOX_CONCURRENCY: "1" });
    try {
      // One multipart-style submission (bytes in hand) and one resumable upload (a file on disk).
      const direct = await createSubmission({ slug: demo.slug, principal, file: syntheticNpz(layout, 0), metadata: { ...METADATA, model: "s3-direct" } });
      const bytes = syntheticNpz(layout, 1);
      const session = await createUploadSession(principal, { benchmark: demo.slug, size: bytes.length });
      const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array(bytes)), c.close()) });
      await writeUploadChunk(session.id, principal, { contentRange: `bytes 0-${bytes.length - 1}/${bytes.length}`, contentLength: String(bytes.length), body });
      const completed = await completeUploadSession(session.id, principal, { metadata: { ...METADATA, model: "s3-resumable" } });

      const ids = [direct.id, completed.submission.id];
      const finals = await until(async () => {
        const rows = await db().submission.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, error: true } });
        return rows.every((r) => r.status === "scored" || r.status === "failed") ? rows : null;
      }, 240_000, "both submissions to be scored", 250);
      expect(finals.map((r) => [r.status, r.error])).toEqual([["scored", null], ["scored", null]]);
      const exec1 = await db().metric.findMany({ where: { submissionId: { in: ids }, name: "exec", k: 1 }, select: { submissionId: true, value: true } });
      // The oracle (target 0) puts every canonical first; target 1 puts a distractor first.
      expect(exec1.find((m) => m.submissionId === direct.id)!.value).toBe(1);
      expect(exec1.find((m) => m.submissionId === completed.submission.id)!.value).toBe(0);

      // Both files are in the object store, and neither machine keeps a copy of them.
      const stored = await db().submission.findMany({ where: { id: { in: ids } }, select: { storageKey: true } });
      expect(objectsOnServer()).toEqual(expect.arrayContaining(stored.map((s) => `installation-a/uploads/${s.storageKey}`)));
      expect(objectsOnServer()).toContain("installation-a/storage-id");
      expect(fs.existsSync(path.join(web, "uploads"))).toBe(false);
      expect(fs.existsSync(path.join(worker, "uploads"))).toBe(false);
      expect(fs.readdirSync(path.join(worker, "object-cache"))).toEqual([]);
      expect(w.log()).toMatch(/\[worker\] storage [0-9a-f-]{36} at/);
    } finally {
      await stopWorker(w);
    }
  });

  it("refuses a worker pointed at another prefix of the bucket (another installation's storage)", { timeout: 120_000 }, async () => {
    const { startWorker } = await import("../integration/fault-helpers");
    const w = startWorker({ ...s3Env(worker), EXECBOARD_S3_PREFIX: "installation-b" });
    expect(await w.exited).toBe(1);
    expect(w.log()).toContain(`refusing to start: object store s3://${BUCKET}/installation-b/ at http://127.0.0.1:${s3Port} is not the storage this installation uses`);
  });
});
