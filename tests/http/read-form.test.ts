import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { readForm } from "@/lib/http/read-form";

// Multipart forms are read without holding them in memory: the file part goes to the spool on
// disk with a running limit, a request announcing too much is refused before a byte is read, and
// no refusal leaves a file behind.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "read-form-"));
vi.stubEnv("EXECBOARD_DATA_DIR", dataDir);
const spool = path.join(dataDir, "incoming");
const spooled = () => (fs.existsSync(spool) ? fs.readdirSync(spool) : []);

const fields = z.strictObject({ metadata: z.string({ error: "required (JSON text)" }), kind: z.string().optional() });
const FILE = { field: "file", what: "the upload", maxBytes: 1000 };
const OPTS = { file: FILE, expected: "fields `file` and `metadata`" };

function formRequest(parts: [string, string | Blob][], headers: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [k, v] of parts) form.append(k, v);
  const req = new Request("http://x.test/upload", { method: "POST", body: form });
  for (const [k, v] of Object.entries(headers)) req.headers.set(k, v);
  return req;
}

/** A multipart body streamed in chunks of `chunk` bytes without a Content-Length; counts what was pulled. */
function streamedRequest(fileBytes: number, chunk = 256): { request: Request; pulled: () => number } {
  const boundary = "----execboard-test-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.npz"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let pulled = 0;
  const total = head.length + fileBytes + tail.length;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      const out = Buffer.alloc(n, 0x61);
      for (let i = 0; i < n; i++) {
        const at = sent + i;
        if (at < head.length) out[i] = head[at];
        else if (at >= head.length + fileBytes) out[i] = tail[at - head.length - fileBytes];
      }
      sent += n;
      pulled += n;
      controller.enqueue(out);
    },
  });
  const request = new Request("http://x.test/upload", { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("readForm", () => {
  it("parses the text fields with the schema and lands the file on disk, counted and hashed", async () => {
    const bytes = crypto.randomBytes(777);
    const { fields: f, file } = await readForm(formRequest([["metadata", '{"model":"m"}'], ["kind", "embeddings"], ["file", new Blob([bytes])]]), fields, OPTS);
    expect(f).toEqual({ metadata: '{"model":"m"}', kind: "embeddings" });
    expect(file).not.toBeNull();
    expect(file!.bytes).toBe(777);
    expect(file!.sha256).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    expect(fs.readFileSync(file!.path).equals(bytes)).toBe(true);
    expect(path.dirname(file!.path)).toBe(spool);
    await file!.discard();
    expect(spooled()).toEqual([]);
  });

  it("takes a file of exactly the limit and refuses one byte more, leaving nothing on disk", async () => {
    const exact = await readForm(formRequest([["metadata", "{}"], ["file", new Blob([Buffer.alloc(1000)])]]), fields, OPTS);
    expect(exact.file!.bytes).toBe(1000);
    await exact.file!.discard();
    const over = await refusal(readForm(formRequest([["metadata", "{}"], ["file", new Blob([Buffer.alloc(1001)])]]), fields, OPTS));
    expect(over.code).toBe("PAYLOAD_TOO_LARGE");
    expect(over.message).toMatch(/the upload is larger than 1000 bytes/);
    expect(spooled()).toEqual([]);
  });

  it("refuses by Content-Length before reading the body", async () => {
    // A body that never delivers a byte: the refusal cannot have waited for any of it.
    const body = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => undefined) });
    const request = new Request("http://x.test/upload", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=b" }, duplex: "half" } as RequestInit);
    request.headers.set("content-length", String(600 * 1024 * 1024));
    const e = await refusal(readForm(request, fields, OPTS));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(e.message).toMatch(/the request is 629145600 bytes; the upload may be at most 1000 bytes/);
    expect(spooled()).toEqual([]);
  });

  it("stops reading a body without Content-Length soon after the file passes its limit", async () => {
    const { request, pulled } = streamedRequest(50_000_000, 4096);
    const e = await refusal(readForm(request, fields, OPTS));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    // Read up to the limit plus what was in flight, not the 50 MB that was offered.
    expect(pulled()).toBeLessThan(1024 * 1024);
    expect(spooled()).toEqual([]);
  });

  it("names what is wrong with a malformed form, and leaves nothing behind", async () => {
    const file: [string, Blob] = ["file", new Blob([Buffer.alloc(10)])];
    const cases: [Request, RegExp][] = [
      [new Request("http://x.test/u", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), /expected multipart\/form-data with fields `file` and `metadata`/],
      [formRequest([file]), /form field `metadata`: required \(JSON text\)/],
      [formRequest([["metadata", "{}"], ["metadata", "{}"], file]), /form field `metadata` appears more than once/],
      [formRequest([["metadata", "{}"], ["colour", "red"], file]), /colour/],
      [formRequest([["metadata", "x\u0000y"], file]), /form field `metadata` contains the control character U\+0000/],
      [formRequest([["metadata", "{}"], file, ["other", new Blob([Buffer.alloc(3)])]]), /unexpected file in form field `other`|more than one file/],
      [formRequest([["metadata", "x".repeat(70 * 1024)], file]), /form field `metadata` is longer than 65536 bytes/],
    ];
    for (const [req, message] of cases) {
      const e = await refusal(readForm(req, fields, OPTS));
      expect(e.message).toMatch(message);
    }
    expect(spooled()).toEqual([]);
  });

  it("refuses a body cut off in the middle of the file", async () => {
    const form = formRequest([["metadata", "{}"], ["file", new Blob([Buffer.alloc(500, 1)])]]);
    const full = Buffer.from(await form.arrayBuffer());
    const cut = new Request("http://x.test/u", { method: "POST", body: full.subarray(0, full.length - 200), headers: { "content-type": form.headers.get("content-type")! } });
    const e = await refusal(readForm(cut, fields, OPTS));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toMatch(/multipart|ended early/);
    expect(spooled()).toEqual([]);
  });
});
