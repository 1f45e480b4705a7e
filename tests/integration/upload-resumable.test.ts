import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { closeQueue } from "@/lib/queue/enqueue";
import { api, cli, newAccount } from "./accounts-helpers";
import { baseUrl, DEMO_SLUG, demoLayout, importDemo, METADATA, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// Resumable uploads over HTTP against the running app and worker: chunks at offsets, a chunk
// cut off mid-body, a restart from where the server's copy ends, completion through the same
// createSubmission path as the multipart upload (quota included), and the server's own checks
// (size, SHA-256, format) refusing what the client declared wrongly, leaving nothing behind.
const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

const sessionsDir = () => path.join(getConfig().EXECBOARD_DATA_DIR, "upload-sessions");
const sessionFile = (id: string) => path.join(sessionsDir(), `${id}.part`);

async function put(token: string, id: string, file: Buffer, start: number, end: number, init: { body?: BodyInit; signal?: AbortSignal; duplex?: "half" } = {}) {
  const res = await fetch(`${baseUrl()}/api/v1/uploads/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-range": `bytes ${start}-${end - 1}/${file.length}`, "content-type": "application/octet-stream" },
    body: init.body ?? new Uint8Array(file.subarray(start, end)),
    signal: init.signal,
    ...(init.duplex ? { duplex: init.duplex } : {}),
  } as RequestInit);
  return { status: res.status, body: await res.json() };
}

describe("resumable uploads", () => {
  let layout: DemoLayout;
  let file: Buffer;

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    file = syntheticNpz(layout, 0);
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("takes a file in chunks, resumes after a chunk is cut off mid-body, and scores it with provenance", async () => {
    const vendor = await newAccount("vendor");
    const opened = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: file.length, sha256: sha256(file), filename: "e.npz" } });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ status: "open", size: file.length, receivedBytes: 0, benchmark: DEMO_SLUG });
    const id = opened.body.id;
    const third = Math.floor(file.length / 3);

    expect((await put(vendor.token, id, file, 0, third)).body.receivedBytes).toBe(third);
    // A chunk that does not start where the server's copy ends is refused with the offset.
    const skipped = await put(vendor.token, id, file, third + 10, third + 20);
    expect(skipped.status).toBe(409);
    expect(skipped.body.error.details).toEqual({ receivedBytes: third });

    // The next chunk's body is cut off after some bytes: the server keeps what arrived.
    const half = Math.floor((2 * third - third) / 2);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(file.subarray(third, third + half)));
        setTimeout(() => controller.error(new Error("connection lost")), 300);
      },
    });
    await put(vendor.token, id, file, third, 2 * third, { body: stream, duplex: "half" }).catch(() => undefined);
    let status = (await api(`/api/v1/uploads/${id}`, { token: vendor.token })).body;
    for (let i = 0; i < 50 && status.receivedBytes === third; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await api(`/api/v1/uploads/${id}`, { token: vendor.token })).body;
    }
    expect(status.receivedBytes).toBeGreaterThan(third);
    expect(status.receivedBytes).toBeLessThanOrEqual(third + half);

    // Completing too early is refused; the rest is sent from the server's offset.
    const early = await api(`/api/v1/uploads/${id}/complete`, { token: vendor.token, method: "POST", body: { metadata: METADATA } });
    expect(early.status).toBe(409);
    expect((await put(vendor.token, id, file, status.receivedBytes, file.length)).body).toMatchObject({ receivedBytes: file.length });

    const done = await api(`/api/v1/uploads/${id}/complete`, { token: vendor.token, method: "POST", body: { metadata: { ...METADATA, model: "resumed-upload" } } });
    expect(done.status).toBe(202);
    expect(done.body).toMatchObject({ uploadId: id, created: true, submission: { status: "queued", benchmark: DEMO_SLUG } });
    const submissionId = done.body.submission.id;
    // Completing again (a lost answer) returns the same submission, never a second one.
    const again = await api(`/api/v1/uploads/${id}/complete`, { token: vendor.token, method: "POST", body: { metadata: METADATA } });
    expect(again.status).toBe(200);
    expect(again.body.submission.id).toBe(submissionId);
    expect(await db().submission.count({ where: { userId: vendor.id } })).toBe(1);
    expect(fs.existsSync(sessionFile(id))).toBe(false);

    const { body } = await waitUntilFinal(submissionId, vendor.token);
    expect(body.status).toBe("scored");
    expect(body.metrics.exec["1"].value).toBe(1);
    const row = await db().submission.findUniqueOrThrow({ where: { id: submissionId }, select: { fileSha256: true, fileBytes: true } });
    expect(row).toEqual({ fileSha256: sha256(file), fileBytes: BigInt(file.length) });
    // Provenance of the result: the benchmark version, the runner, the sandbox image, the build.
    expect(body.provenance).toMatchObject({ benchmarkVersion: "1.0.0", runnerVersion: expect.any(String), sandboxBackend: expect.stringMatching(/docker|process/), execboardVersion: expect.any(String) });
    expect(body.provenance.sandboxImage).toMatch(body.provenance.sandboxBackend === "docker" ? /^sha256:[0-9a-f]{64}$/ : /^process$/);
    expect(body.evaluations).toHaveLength(1);
    expect(body.evaluations[0]).toMatchObject({ seq: 1, trigger: "submission", status: "scored", current: true, failure: null });
    expect(body.evaluations[0].metrics.exec["1"].value).toBe(1);
  });

  it("refuses bytes that do not hash to the declared SHA-256, and a file that is not a submission, leaving nothing behind", async () => {
    const vendor = await newAccount("vendor");
    const damaged = Buffer.from(file);
    damaged[damaged.length >> 1] ^= 0xff;
    const a = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: file.length, sha256: sha256(file) } });
    await put(vendor.token, a.body.id, damaged, 0, damaged.length);
    const refused = await api(`/api/v1/uploads/${a.body.id}/complete`, { token: vendor.token, method: "POST", body: { metadata: METADATA } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/hash to sha256 [0-9a-f]{64}, not the declared/);
    expect((await api(`/api/v1/uploads/${a.body.id}`, { token: vendor.token })).body).toMatchObject({ status: "failed" });
    expect(fs.existsSync(sessionFile(a.body.id))).toBe(false);

    // No SHA-256 declared: the bytes are checked for what they are (here, not a zip).
    const junk = Buffer.from("definitely not an npz ".repeat(100));
    const b = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: junk.length } });
    await put(vendor.token, b.body.id, junk, 0, junk.length);
    const notZip = await api(`/api/v1/uploads/${b.body.id}/complete`, { token: vendor.token, method: "POST", body: { metadata: METADATA } });
    expect(notZip.status).toBe(422);
    expect(notZip.body.error.message).toMatch(/not a zip archive/);
    expect(await db().submission.count({ where: { userId: vendor.id } })).toBe(0);
    // Bad metadata leaves the upload open, to be completed again with better metadata.
    const c = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: file.length } });
    await put(vendor.token, c.body.id, file, 0, file.length);
    const badMeta = await api(`/api/v1/uploads/${c.body.id}/complete`, { token: vendor.token, method: "POST", body: { metadata: { model: "x" } } });
    expect(badMeta.status).toBe(400);
    expect((await api(`/api/v1/uploads/${c.body.id}`, { token: vendor.token })).body.status).toBe("open");
    expect((await api(`/api/v1/uploads/${c.body.id}`, { token: vendor.token, method: "DELETE" })).body.status).toBe("cancelled");
    expect(fs.existsSync(sessionFile(c.body.id))).toBe(false);
  });

  it("checks what it can before any byte is sent: size, benchmark, quota, ownership", async () => {
    const vendor = await newAccount("vendor");
    const other = await newAccount("vendor");
    const tooBig = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES + 1 } });
    expect(tooBig.status).toBe(413);
    expect((await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: "no-such-benchmark", size: 10 } })).status).toBe(404);
    expect((await api("/api/v1/uploads", { method: "POST", body: { benchmark: DEMO_SLUG, size: 10 } })).status).toBe(401);
    const mine = await api("/api/v1/uploads", { token: vendor.token, method: "POST", body: { benchmark: DEMO_SLUG, size: 10 } });
    // Someone else's upload does not exist for them.
    expect((await api(`/api/v1/uploads/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect((await put(other.token, mine.body.id, Buffer.alloc(10), 0, 10)).status).toBe(404);
    const malformed = await fetch(`${baseUrl()}/api/v1/uploads/${mine.body.id}`, { method: "PUT", headers: { authorization: `Bearer ${vendor.token}`, "content-range": "bytes=0-9" }, body: new Uint8Array(10) });
    expect(malformed.status).toBe(400);
    // Over quota: refused when opening, before the upload.
    await db().quotaOverride.create({ data: { userId: other.id, benchmarkId: (await db().benchmark.findUniqueOrThrow({ where: { slug: DEMO_SLUG } })).id, total: 0 } });
    const overQuota = await api("/api/v1/uploads", { token: other.token, method: "POST", body: { benchmark: DEMO_SLUG, size: 10 } });
    expect(overQuota.status).toBe(429);
    expect(overQuota.body.error.code).toBe("QUOTA_EXCEEDED");
    await api(`/api/v1/uploads/${mine.body.id}`, { token: vendor.token, method: "DELETE" });
  });

  it("execboard submit refuses here, in the server's words, a file the server would refuse, before sending a byte", async () => {
    const vendor = await newAccount("vendor");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-submit-"));
    const env = { EXECBOARD_TOKEN: vendor.token, EXECBOARD_STATE_DIR: path.join(dir, "state") };
    try {
      const corpus = Float64Array.from({ length: layout.corpusIds.length * 4 }, (_, i) => 1 + (i % 7));
      corpus[corpus.length - 1] = Number.NaN;
      const npz = path.join(dir, "nan.npz");
      fs.writeFileSync(
        npz,
        writeNpz({
          query_embeddings: { data: Float64Array.from({ length: layout.queryIds.length * 4 }, (_, i) => 1 + (i % 5)), shape: [layout.queryIds.length, 4] },
          corpus_embeddings: { data: corpus, shape: [layout.corpusIds.length, 4] },
          query_ids: layout.queryIds,
          corpus_ids: layout.corpusIds,
        }),
      );
      const server = await (async () => {
        const form = new FormData();
        form.set("file", new Blob([new Uint8Array(fs.readFileSync(npz))]), "nan.npz");
        form.set("metadata", JSON.stringify(METADATA));
        const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${vendor.token}` }, body: form });
        return (await res.json()).error.message as string;
      })();
      expect(server).toMatch(/non-finite value/);
      const refused = await cli(["submit", npz, "--benchmark", DEMO_SLUG, "--metadata", JSON.stringify(METADATA)], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${npz} would be refused, so nothing was sent: ${server}`);
      expect(await db().uploadSession.count({ where: { userId: vendor.id } })).toBe(0);
      // --no-check leaves it to the server, which refuses it with the same words.
      const unchecked = await cli(["submit", npz, "--benchmark", DEMO_SLUG, "--metadata", JSON.stringify(METADATA), "--no-check"], env);
      expect(unchecked.code).toBe(1);
      expect(unchecked.stderr).toContain(server);
      expect(unchecked.stderr).not.toContain("would be refused, so nothing was sent");
      expect(await db().submission.count({ where: { userId: vendor.id } })).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("execboard submit resumes an interrupted upload and does not submit the same file twice", async () => {
    const vendor = await newAccount("vendor");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-submit-"));
    const state = path.join(dir, "state");
    const big = syntheticNpz(layout, 0, { dtype: "float64" });
    const npz = path.join(dir, "e.npz");
    fs.writeFileSync(npz, big);
    const env = { EXECBOARD_TOKEN: vendor.token, EXECBOARD_STATE_DIR: state };
    const args = ["submit", npz, "--benchmark", DEMO_SLUG, "--metadata", JSON.stringify({ ...METADATA, model: "cli-resume" }), "--chunk-mib", String(4 / 1024)];
    try {
      // First run: killed once part of the file is on the server.
      const child = spawn("node", ["bin/execboard.mjs", ...args], { env: { ...process.env, EXECBOARD_URL: baseUrl(), ...env } });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      const deadline = Date.now() + 60_000;
      let received = 0;
      while (Date.now() < deadline && received === 0) {
        await new Promise((r) => setTimeout(r, 100));
        const s = await db().uploadSession.findFirst({ where: { userId: vendor.id }, select: { receivedBytes: true } });
        received = Number(s?.receivedBytes ?? 0);
      }
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      expect(received).toBeGreaterThan(0);
      const afterKill = await db().uploadSession.findFirstOrThrow({ where: { userId: vendor.id }, select: { id: true, receivedBytes: true, status: true } });
      expect(afterKill.status).toBe("open");
      expect(Number(afterKill.receivedBytes)).toBeLessThan(big.length);

      // Second run: the same command picks the upload up where the server's copy ends.
      const resumed = await cli([...args, "--wait"], env);
      expect(resumed.stderr).toMatch(new RegExp(`resuming upload ${afterKill.id}: [\\d.]+ [KMG]?i?B of`));
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toMatch(/^submitted [0-9a-f-]{36}\nexec@1 1\.000/);
      expect(await db().uploadSession.count({ where: { userId: vendor.id } })).toBe(1);
      expect(resumed.stderr).toMatch(/uploading .* \(100\.0%\), .*\/s/);
      expect(resumed.stderr).toMatch(/^ {2}scored$/m); // --wait reports the stage it sees last
      expect(resumed.stderr).toContain(`checking the file here…\n  ${layout.queryIds.length} queries × ${layout.corpusIds.length} corpus rows, d=`);

      // Third run: the file is already a submission; it is reported, not submitted again.
      const third = await cli(args, env);
      expect(third.code).toBe(0);
      expect(third.stderr).toMatch(/already submitted/);
      expect(await db().submission.count({ where: { userId: vendor.id } })).toBe(1);
      const sub = await db().submission.findFirstOrThrow({ where: { userId: vendor.id }, select: { fileSha256: true } });
      expect(sub.fileSha256).toBe(sha256(big));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
