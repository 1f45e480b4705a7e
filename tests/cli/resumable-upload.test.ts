import fs from "node:fs";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/cli/api-error";
import { AppError } from "@/lib/errors/app-error";
import { parseContentRange } from "@/lib/intake/content-range";
import { retryDelay } from "@/lib/cli/resumable-upload";
import { scratchDir } from "../embeddings/files/helpers";

describe("parseContentRange", () => {
  it("reads inclusive byte positions into a half-open range", () => {
    expect(parseContentRange("bytes 0-9/100")).toEqual({ start: 0, end: 10, total: 100 });
    expect(parseContentRange("bytes 90-99/100")).toEqual({ start: 90, end: 100, total: 100 });
  });

  it.each([
    [null, /missing Content-Range/],
    ["bytes=0-9", /malformed/],
    ["bytes 0-9/*", /malformed/],
    ["bytes 9-0/100", /before the first/],
    ["bytes 0-100/100", /past the file's 100 bytes/],
    ["items 0-1/2", /malformed/],
  ])("refuses %s", (header, message) => {
    expect(() => parseContentRange(header)).toThrow(message);
    try {
      parseContentRange(header);
    } catch (e) {
      expect((e as AppError).code).toBe("BAD_REQUEST");
    }
  });
});

describe("retryDelay", () => {
  const api = (status: number, code: ConstructorParameters<typeof ApiError>[1], message = "x", retryAfter?: number) => new ApiError(status, code, message, undefined, retryAfter);

  it("retries what a retry can fix, with growing waits, and gives up after six", () => {
    expect(retryDelay(api(503, "INTERNAL"), 1)).toBe(500);
    expect(retryDelay(api(502, "INTERNAL"), 3)).toBe(2000);
    expect(retryDelay(api(429, "RATE_LIMITED", "x", 7), 1)).toBe(7000);
    expect(retryDelay(api(400, "BAD_REQUEST", "400 the chunk's body was cut off after 12 bytes"), 1)).toBe(500);
    expect(retryDelay(api(503, "INTERNAL"), 7)).toBeNull();
  });

  it("never retries what the server refused for good", () => {
    expect(retryDelay(api(429, "QUOTA_EXCEEDED"), 1)).toBeNull();
    expect(retryDelay(api(422, "INVALID_UPLOAD"), 1)).toBeNull();
    expect(retryDelay(api(409, "CONFLICT"), 1)).toBeNull();
    expect(retryDelay(new AppError("INTERNAL", "not an API answer"), 1)).toBeNull();
  });
});

describe("the CLI's upload state", () => {
  const scratch = scratchDir("state");
  afterAll(() => scratch.remove());
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv("EXECBOARD_STATE_DIR", `${scratch.dir}/s`);
  });

  it("remembers an upload per server, benchmark and file, drops old entries, and writes privately", async () => {
    const { readUploadState, stateKey, writeUploadState } = await import("@/lib/cli/client-state");
    const key = stateKey("http://a.example:3000/x", "bench", "f".repeat(64));
    expect(stateKey("http://a.example:3000/y", "bench", "f".repeat(64))).toBe(key); // same server
    expect(stateKey("http://b.example:3000", "bench", "f".repeat(64))).not.toBe(key);
    expect(stateKey("http://a.example:3000", "other", "f".repeat(64))).not.toBe(key);
    const entry = { url: "http://a.example:3000", benchmark: "bench", sha256: "f".repeat(64), size: 10, file: "/tmp/x.npz", uploadId: "u1" };
    await writeUploadState(key, entry);
    expect(await readUploadState(key)).toMatchObject(entry);
    expect(fs.statSync(`${scratch.dir}/s/uploads.json`).mode & 0o777).toBe(0o600);
    // An entry untouched for over a week is forgotten at the next write.
    const file = `${scratch.dir}/s/uploads.json`;
    const all = JSON.parse(fs.readFileSync(file, "utf8"));
    all[key].updatedAt = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    fs.writeFileSync(file, JSON.stringify(all));
    await writeUploadState("other", { ...entry, uploadId: "u2" });
    expect(await readUploadState(key)).toBeUndefined();
    expect((await readUploadState("other"))?.uploadId).toBe("u2");
    await writeUploadState("other", null);
    expect(await readUploadState("other")).toBeUndefined();
    // A damaged file is not fatal: the server still knows the uploads.
    fs.writeFileSync(file, "{not json");
    expect(await readUploadState(key)).toBeUndefined();
  });
});
