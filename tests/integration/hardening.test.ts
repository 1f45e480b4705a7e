// Service hardening, round two (issue 15), against the real web process (`execboard web`), worker,
// Postgres and Redis: each case is something an attacker or a careless client did, and what the
// service must answer instead. Requests that count against per-address windows are sent from a
// loopback address of their own (127.0.0.x), so they neither disturb nor are disturbed by the
// other tests' traffic.
import { spawn } from "node:child_process";
import net from "node:net";
import { Queue } from "bullmq";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/sign-in";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { createRedis } from "@/lib/queue/connection";
import { closeQueue } from "@/lib/queue/enqueue";
import { QUEUE_NAME } from "@/lib/queue/jobs";
import { deleteFile } from "@/lib/storage/file-store";
import { publishSubmission } from "@/lib/review/publish-submission";
import { api, freshLoopbackAddress, newAccount, rawRequest, streamingRequest } from "./accounts-helpers";
import { baseUrl, DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

const raw = rawRequest;
const freshAddress = freshLoopbackAddress;

describe("service hardening", () => {
  let layout: DemoLayout;
  let version: string;
  let vendor: Awaited<ReturnType<typeof newAccount>>;

  beforeAll(async () => {
    const demo = await importDemo();
    version = demo.version;
    layout = await demoLayout(demo.versionId);
    vendor = await newAccount("vendor");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("sends nobody off-site after sign-in: the form carries a safe path whatever `next` says", async () => {
    for (const evil of ["/%09/evil.example/phish", "//evil.example", "/%5Cevil.example", "https://evil.example/", "/%0A/evil.example"]) {
      const page = await raw(`/signin?next=${evil}`);
      expect(page.status).toBe(200);
      const next = page.body.match(/name="next"[^>]*value="([^"]*)"/)?.[1] ?? page.body.match(/value="([^"]*)"[^>]*name="next"/)?.[1];
      expect(next).toBe("/");
    }
  });

  it("refuses an oversized multipart upload by its Content-Length, before reading it", async () => {
    const started = Date.now();
    const res = await streamingRequest(`/api/v1/benchmarks/${DEMO_SLUG}/submissions`, {
      from: freshAddress(),
      headers: { authorization: `Bearer ${vendor.token}`, "content-type": "multipart/form-data; boundary=xyz", "content-length": String(600 * 1024 * 1024) },
      prefix: "--xyz\r\n",
      bytes: 600 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.message).toMatch(/the request is 629145600 bytes; the \.npz or ranking \.jsonl upload may be at most/);
    // The answer came long before 600 MiB could have been sent, read or buffered.
    expect(res.sent).toBeLessThan(64 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("refuses a JSON body over the cap that comes without a length, soon after the cap", async () => {
    const res = await streamingRequest("/api/v1/tokens", { headers: { authorization: `Bearer ${vendor.token}`, "content-type": "application/json" }, prefix: '{"name":"', bytes: 64 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.message).toBe("the request body is larger than 1048576 bytes, the most a JSON body may be");
    expect(res.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses a page form over 1 MiB, or of no declared length, before Next.js reads it (it would answer 500)", async () => {
    const from = freshAddress();
    const action = { "content-type": "multipart/form-data; boundary=x", "next-action": "0".repeat(42) };
    const byLength = await streamingRequest("/signin", { from, headers: { ...action, "content-length": String(2 * 1024 * 1024) }, bytes: 2 * 1024 * 1024 });
    expect(byLength.status).toBe(413);
    expect(byLength.body).toContain("a form sent to a page may be at most 1048576 bytes; this one is 2097152");
    const chunked = await streamingRequest("/access", { from, headers: action, bytes: 8 * 1024 * 1024 });
    expect(chunked.status).toBe(411);
    expect(chunked.body).toContain("a form sent to a page must say its length (Content-Length)");
    // A form of ordinary size still reaches the page.
    expect((await raw("/signin", { from, method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status).not.toBe(413);
  });

  it("opens at most three uploads for 30 simultaneous requests from one token", async () => {
    const racer = await newAccount("vendor");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => api("/api/v1/uploads", { token: racer.token, method: "POST", body: { benchmark: DEMO_SLUG, size: 1024 * 1024 } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await db().uploadSession.count({ where: { userId: racer.id, status: "open" } })).toBe(3);
  });

  it("writes a provider named like a formula into the CSV export as text", async () => {
    const provider = `=HYPERLINK("https://evil.example/${crypto.randomUUID().slice(0, 8)}","click")`;
    const posted = await postSubmission(vendor.token, syntheticNpz(layout, 0), { ...METADATA, model: `formula-${crypto.randomUUID().slice(0, 8)}`, provider });
    expect(posted.status).toBe(202);
    const { id } = await posted.json();
    expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
    await publishSubmission(id);
    const csv = await raw(`/benchmarks/${DEMO_SLUG}/${version}/export?format=csv`);
    expect(csv.status).toBe(200);
    const line = csv.body.split("\r\n").find((l) => l.includes(provider.slice(12, 40)))!;
    expect(line).toBeDefined();
    expect(line).toContain(`"'=HYPERLINK(""https://evil.example/`);
    expect(line.split(",").some((cell) => cell.startsWith("="))).toBe(false);
  });

  it("scores a perfect float64 file scaled by 1e160 or by 1e-300 exactly like the unscaled one (exec@1 = 1)", async () => {
    for (const scale of [1e160, 1e-300]) {
      const posted = await postSubmission(vendor.token, syntheticNpz(layout, 0, { dtype: "float64", scale }), { ...METADATA, model: `scaled-${crypto.randomUUID().slice(0, 8)}` });
      expect(posted.status, `scale ${scale}: ${await posted.clone().text()}`).toBe(202);
      const { id } = await posted.json();
      const { body } = await waitUntilFinal(id, vendor.token);
      expect(body.status).toBe("scored");
      expect(body.metrics.exec["1"].value).toBe(1);
    }
    // The same file under dot-product similarity would overflow: refused as the vendor's fault, naming the norms.
    const dot = await postSubmission(vendor.token, syntheticNpz(layout, 0, { dtype: "float64", scale: 1e160 }), { ...METADATA, similarity: "dot", model: `scaled-dot-${crypto.randomUUID().slice(0, 8)}` });
    const dotId = (await dot.json()).id;
    const failed = (await waitUntilFinal(dotId, vendor.token)).body;
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/dot-product scores would overflow float64/);
  });

  it("answers 400, never 500, to text the database cannot store, and 400 to links a browser would run", async () => {
    const file = syntheticNpz(layout, 0);
    for (const [metadata, message] of [
      [{ ...METADATA, notes: "nul \u0000 byte" }, /notes: contains the control character U\+0000/],
      [{ ...METADATA, model: "half \ud800 pair" }, /model: contains an unpaired surrogate/],
      [{ ...METADATA, provider: "Acme\u202e" }, /provider: contains the invisible or direction-changing character U\+202E/],
      [{ ...METADATA, link: "javascript:alert(document.cookie)" }, /link: must be an http:\/\/ or https:\/\/ URL/],
      [{ ...METADATA, link: "data:text/html,<script>alert(1)</script>" }, /link: must be an http/],
      [{ ...METADATA, link: "file:///etc/passwd" }, /link: must be an http/],
    ] as const) {
      const res = await postSubmission(vendor.token, file, metadata);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toMatch(message);
    }
    // JSON bodies: a lone surrogate escaped in JSON, and a NUL, each named by its field.
    const surrogate = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: '{"name":"x\\ud800y"}' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.message).toMatch(/name: contains an unpaired surrogate/);
    const nul = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: '{"name":"a\\u0000b"}' });
    expect(nul.status).toBe(400);
    // The URL: a NUL in a path or query is refused at the door.
    expect((await raw("/api/v1/submissions/%00")).status).toBe(400);
    expect((await raw(`/benchmarks/${DEMO_SLUG}/queries?q=%00`)).status).toBe(400);
    // A JSON body over the cap is refused by its length.
    const big = await api("/api/v1/tokens", { token: vendor.token, method: "POST", body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }) });
    expect(big.status).toBe(413);
  });

  it("refuses cookie-borne changes from the same host under another scheme", async () => {
    const session = (await signIn({ token: vendor.token })).sessionId;
    const site = new URL(baseUrl());
    const post = (origin: string) => api("/api/v1/tokens", { cookie: session, method: "POST", body: { name: "from a page" }, headers: { origin } });
    expect((await post(`https://${site.host}`)).status).toBe(403);
    expect((await post(`http://${site.hostname}:1`)).status).toBe(403);
    expect((await post(site.origin)).status).toBe(201);
  });

  it("ignores X-Forwarded-For from a client that is not a trusted proxy: one address, one window", async () => {
    const from = freshAddress();
    const first = await raw("/api/v1/benchmarks", { from, headers: { "x-forwarded-for": `198.51.100.${crypto.randomInt(250)}` } });
    const second = await raw("/api/v1/benchmarks", { from, headers: { "x-forwarded-for": `203.0.113.${crypto.randomInt(250)}` } });
    expect(first.status).toBe(200);
    const [a, b] = [Number(first.headers["x-ratelimit-remaining"]), Number(second.headers["x-ratelimit-remaining"])];
    expect(b).toBe(a - 1);
  });

  it("rate limits sign-in attempts per address", async () => {
    const from = freshAddress();
    const limit = getConfig().EXECBOARD_RATE_LIMIT_SIGNIN_PER_IP;
    const post = (address: string) => raw("/signin", { from: address, method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    const attempts = await Promise.all(Array.from({ length: limit }, () => post(from)));
    expect(attempts.every((a) => a.status !== 429)).toBe(true);
    const limited = await post(from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body).toContain(`sign-in attempts from this address may make ${limit} per`);
    // Reading pages from that address still works; another address is not affected.
    expect((await raw("/", { from })).status).toBe(200);
    expect((await post(freshAddress())).status).not.toBe(429);
  });

  it("says on /api/v1/health how many workers are alive", async () => {
    const health = await api("/api/v1/health");
    expect(health.status).toBe(200);
    expect(health.body.ok).toBe(true);
    expect(health.body.workers.scoring).toBeGreaterThanOrEqual(1);
    expect(health.body.warnings).toEqual([]);
  });

  it("says on the health answer, the submit page and a waiting submission's status page that no worker runs", { timeout: 180_000 }, async () => {
    // A second web process of the same installation whose queue no worker serves (its own queue
    // prefix): what a site with a dead worker looks like. What it accepts waits, and it says so.
    const prefix = `no-worker-${crypto.randomUUID().slice(0, 8)}`;
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const site = `http://127.0.0.1:${port}`;
    const web = spawn("node", ["bin/execboard.mjs", "web", "--port", String(port), "--host", "127.0.0.1"], { env: { ...process.env, EXECBOARD_QUEUE_PREFIX: prefix }, stdio: "ignore" });
    let submissionId: string | null = null;
    try {
      let health: { workers: { scoring: number }; warnings: string[] } | null = null;
      for (let i = 0; i < 300 && !health; i++) {
        health = await fetch(`${site}/api/v1/health`).then((r) => (r.ok ? r.json() : null), () => null);
        if (!health) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health!.workers.scoring).toBe(0);
      expect(health!.warnings).toEqual(["no worker is running: submissions wait in the queue until one starts (npx execboard worker)"]);

      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(syntheticNpz(layout, 0))]), "e.npz");
      form.set("metadata", JSON.stringify({ ...METADATA, model: `waiting-${crypto.randomUUID().slice(0, 8)}` }));
      const posted = await fetch(`${site}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${vendor.token}` }, body: form });
      expect(posted.status).toBe(202);
      submissionId = (await posted.json()).id as string;

      const cookie = `execboard_session=${(await signIn({ token: vendor.token })).sessionId}`;
      const status = await fetch(`${site}/submissions/${submissionId}/status`, { headers: { cookie } }).then((r) => r.text());
      expect(status).toContain('data-testid="worker-warning"');
      expect(status).toContain("no worker is running: submissions wait in the queue until one starts");
      const submit = await fetch(`${site}/submit?benchmark=${DEMO_SLUG}`, { headers: { cookie } }).then((r) => r.text());
      expect(submit).toContain("Scoring is paused: </span>no worker is running");
      // Where a worker runs (the suite's own web process), neither page warns.
      const served = await fetch(`${baseUrl()}/submit?benchmark=${DEMO_SLUG}`, { headers: { cookie } }).then((r) => r.text());
      expect(served).not.toContain('data-testid="worker-warning"');
      expect((await api(`/api/v1/submissions/${submissionId}`, { token: vendor.token })).body.status).toBe("queued");
    } finally {
      web.kill("SIGTERM");
      const queue = new Queue(QUEUE_NAME, { connection: createRedis("queue"), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
      if (submissionId) {
        const row = await db().submission.delete({ where: { id: submissionId }, select: { storageKey: true } });
        await deleteFile(row.storageKey);
      }
    }
  });

  it("refuses to start a worker that does not see the web app's storage, instead of failing submissions", { timeout: 120_000 }, async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-other-storage-"));
    try {
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn("node", ["bin/execboard.mjs", "worker"], { env: { ...process.env, EXECBOARD_DATA_DIR: elsewhere }, stdio: ["ignore", "pipe", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (c) => (stderr += c));
        const timer = setTimeout(() => child.kill("SIGKILL"), 100_000);
        child.on("exit", (code) => {
          clearTimeout(timer);
          resolve({ code, stderr });
        });
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`refusing to start: directory ${elsewhere}/uploads (EXECBOARD_DATA_DIR=${elsewhere}) is not the storage this installation uses`);
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("sends security headers with every page and API answer", async () => {
    for (const path of ["/", `/benchmarks/${DEMO_SLUG}`, "/api/v1/health"]) {
      const res = await raw(path);
      expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(res.headers["content-security-policy"]).toMatch(/default-src 'self'/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      // Plain http here: no HSTS (it is sent over https only).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });
});
