// The page cache in front of a real HTTP server whose "app" counts its renders and says whom it
// rendered for: what is kept, for whom, and that a new reader stamp is always seen.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "@/lib/http/page-cache";

let stamp = 1;
let stampDown = false;
let renders = 0;
let cache: PageCache;
let server: http.Server;
let base = "";
let gate: Promise<void> | null = null;
let admitted = 0, refuse = false;

// The app: a page naming the URL, the stamp it was rendered under and the viewer it saw.
async function app(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  renders++;
  if (gate) await gate;
  const url = req.url ?? "/";
  const viewer = req.headers.cookie?.includes("execboard_session=") ? "signed-in:alice" : "anonymous";
  if (url.startsWith("/benchmarks/missing")) {
    res.writeHead(404, { "content-type": "text/html" });
    res.end("not found");
    return;
  }
  if (url.startsWith("/benchmarks/cookie")) res.setHeader("set-cookie", "a=b");
  if (url.startsWith("/benchmarks/coded")) return codedPage(req, res);
  res.setHeader("content-type", req.headers.rsc ? "text/x-component" : "text/html; charset=utf-8");
  // Next.js appends an answer's headers, so Node holds them as arrays: as here for /api.
  if (url.startsWith("/api/")) res.setHeader("etag", [`"${stamp}-${url.length}"`]);
  else res.setHeader("etag", `"${stamp}-${url.length}"`);
  res.write(`<p>${url} `);
  await new Promise((r) => setTimeout(r, 5));
  res.end(`stamp ${stamp} for ${viewer}${"x".repeat(url.includes("big") ? 4000 : 0)}</p>`);
}

// A page long enough to be worth compressing, written in chunks and, like Next.js, gzipped
// on the fly (flushed per chunk) for a client that accepts gzip.
const LONG = Array.from({ length: 150 }, (_, i) => `<li>query q_${i} — ${"é".repeat(i % 7)} solved</li>`);
function codedPage(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("vary", "rsc, Accept-Encoding");
  const page = [`<p>${req.url} stamp ${stamp}</p>`, ...LONG];
  if (!String(req.headers["accept-encoding"] ?? "").includes("gzip")) {
    for (const line of page) res.write(line);
    res.end();
    return;
  }
  res.setHeader("content-encoding", "gzip");
  const gz = zlib.createGzip();
  gz.on("data", (c: Buffer) => res.write(c));
  gz.on("end", () => res.end());
  for (const line of page) {
    gz.write(line);
    gz.flush();
  }
  gz.end();
}

/** A GET whose body is the raw bytes on the wire (fetch would decode them). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Hits of `path` until one comes in `coding` (its copies are made in the background). */
async function hitIn(path: string, coding: string, acceptEncoding: string) {
  for (let i = 0; i < 100; i++) {
    const hit = await raw(path, { "accept-encoding": acceptEncoding });
    if (hit.headers["content-encoding"] === coding) return hit;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${path} never came in ${coding}`);
}

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(`${base}${path}`, { headers, method });
  return { status: res.status, cache: res.headers.get("x-execboard-cache"), body: await res.text(), etag: res.headers.get("etag"), type: res.headers.get("content-type") };
}

beforeAll(async () => {
  cache = new PageCache({
    maxBytes: 64 * 1024,
    stamp: async () => {
      if (stampDown) throw new Error("database unreachable");
      return String(stamp);
    },
    sessionCookie: "execboard_session",
    // As the web server does for the API: count the answer from memory, or refuse it.
    admit: async (_req, res) => {
      admitted++;
      if (!refuse) return true;
      res.writeHead(429, { "content-type": "application/json" });
      res.end('{"error":{"code":"RATE_LIMITED"}}');
      return false;
    },
  });
  server = http.createServer((req, res) => void cache.serve(req, res, () => app(req, res)));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("PageCache", () => {
  it("answers a signed-out reader's second visit from memory, byte for byte", async () => {
    const before = renders;
    const a = await get("/benchmarks/demo");
    const b = await get("/benchmarks/demo");
    expect([a.cache, b.cache]).toEqual(["miss", "hit"]);
    expect(b.body).toBe(a.body);
    expect([b.etag, b.type]).toEqual([a.etag, a.type]);
    expect(renders - before).toBe(1);
    // The browser's revalidation gets a 304 for an unchanged page.
    const c = await fetch(`${base}/benchmarks/demo`, { headers: { "if-none-match": a.etag! } });
    expect(c.status).toBe(304);
  });

  it("revalidates an answer whose tag the app set as a header array, as Next.js does", async () => {
    const a = await get("/api/v1/openapi.json");
    const b = await get("/api/v1/openapi.json");
    expect([a.cache, b.cache]).toEqual(["miss", "hit"]);
    expect(b.etag).toBe(a.etag);
    for (const tag of [a.etag!, `W/${a.etag}`, `"other", ${a.etag}`]) {
      const c = await fetch(`${base}/api/v1/openapi.json`, { headers: { "if-none-match": tag } });
      expect([tag, c.status]).toEqual([tag, 304]);
    }
    expect((await fetch(`${base}/api/v1/openapi.json`, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("renders again as soon as the reader stamp has moved", async () => {
    const a = await get("/methodology");
    stamp++;
    const b = await get("/methodology");
    expect(b.cache).toBe("miss");
    expect(b.body).toContain(`stamp ${stamp} `);
    expect(a.body).not.toBe(b.body);
    expect((await get("/methodology")).cache).toBe("hit");
  });

  it("never keeps or serves a page for a signed-in viewer, an API token, another method or a private path", async () => {
    const before = renders;
    const signedIn = await get("/benchmarks/demo/1", { cookie: "theme=dark; execboard_session=abc" });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain("signed-in:alice");
    const anonymous = await get("/benchmarks/demo/1");
    expect(anonymous.cache).toBe("miss");
    expect(anonymous.body).not.toContain("alice");
    expect((await get("/benchmarks/demo/1", { cookie: "execboard_session=abc" })).body).toContain("signed-in:alice");
    expect((await get("/benchmarks/demo/1", { authorization: "Bearer t" })).cache).toBeNull();
    for (const path of ["/account/submissions", "/submissions/x/status", "/api/v1/me", "/review", "/signin"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
    expect((await get("/benchmarks/demo/1", {}, "HEAD")).cache).toBeNull();
    // A cookie that merely ends with the session cookie's name is not a session.
    expect((await get("/benchmarks/demo/1", { cookie: "not_execboard_session=1" })).cache).toBe("hit");
    // Rendered: the two signed-in visits, the bearer, ten private-path visits, the HEAD, and
    // the one anonymous miss; the last visit was a hit.
    expect(renders - before).toBe(2 + 1 + 10 + 1 + 1);
  });

  it("asks before answering from memory, and stays silent when refused", async () => {
    await get("/api/v1/benchmarks/demo/leaderboard");
    const before = { admitted, renders };
    expect((await get("/api/v1/benchmarks/demo/leaderboard")).cache).toBe("hit");
    refuse = true;
    const refused = await get("/api/v1/benchmarks/demo/leaderboard");
    refuse = false;
    expect(refused.status).toBe(429);
    expect(refused.cache).toBeNull();
    expect(refused.body).toContain("RATE_LIMITED");
    expect({ admitted: admitted - before.admitted, renders: renders - before.renders }).toEqual({ admitted: 2, renders: 0 });
  });

  it("answers through the app, from nothing kept, when the stamp cannot be read", async () => {
    await get("/benchmarks/down");
    expect((await get("/benchmarks/down")).cache).toBe("hit");
    stampDown = true;
    const before = renders;
    const answer = await get("/benchmarks/down");
    stampDown = false;
    expect([answer.status, answer.cache, renders - before]).toEqual([200, null, 1]);
  });

  it("keeps only complete 200 answers without cookies", async () => {
    for (const path of ["/benchmarks/missing", "/benchmarks/cookie"]) {
      await get(path);
      expect((await get(path)).cache, path).toBe("miss");
    }
  });

  it("keys on the client-navigation headers: a React payload is not an HTML page", async () => {
    const html = await get("/benchmarks/nav");
    const rsc = await get("/benchmarks/nav", { rsc: "1" });
    expect(rsc.cache).toBe("miss");
    expect(rsc.type).toBe("text/x-component");
    expect((await get("/benchmarks/nav", { rsc: "1" })).cache).toBe("hit");
    expect((await get("/benchmarks/nav")).type).toBe(html.type);
  });

  it("renders a page once for concurrent first visitors", async () => {
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    const before = renders;
    const all = Promise.all(Array.from({ length: 8 }, () => get("/benchmarks/crowd")));
    await new Promise((r) => setTimeout(r, 50));
    gate = null;
    open();
    const answers = await all;
    expect(renders - before).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
  });

  it("stays within its memory, dropping the least recently used", async () => {
    for (let i = 0; i < 40; i++) await get(`/benchmarks/big-${i}`);
    expect(cache.size.bytes).toBeLessThanOrEqual(64 * 1024);
    expect((await get("/benchmarks/big-39")).cache).toBe("hit");
    expect((await get("/benchmarks/big-0")).cache).toBe("miss");
  });

  it("keeps nothing when the reader hung up before the page was complete", async () => {
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    const controller = new AbortController();
    const aborted = fetch(`${base}/benchmarks/hangup`, { signal: controller.signal }).catch(() => null);
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    await aborted;
    gate = null;
    open();
    await new Promise((r) => setTimeout(r, 50));
    expect((await get("/benchmarks/hangup")).cache).toBe("miss");
  });

  it("keeps one copy of a page whatever the encoding asked, and sends it coded as each reader accepts", async () => {
    const before = renders;
    // The first visitor accepts gzip: the app compresses on the fly, the reader gets that.
    const first = await raw("/benchmarks/coded", { "accept-encoding": "gzip" });
    expect([first.headers["x-execboard-cache"], first.headers["content-encoding"]]).toEqual(["miss", "gzip"]);
    const page = zlib.gunzipSync(first.bytes);
    expect(page.toString()).toContain("query q_149");

    // A client without Accept-Encoding gets identity, the same bytes, from memory.
    const plain = await raw("/benchmarks/coded");
    expect(plain.headers["x-execboard-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.equals(page)).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(page.length);

    // Brotli for a browser, gzip for a client that takes only gzip: each decodes to the same bytes.
    const br = await hitIn("/benchmarks/coded", "br", "gzip, deflate, br, zstd");
    expect(zlib.brotliDecompressSync(br.bytes).equals(page)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(page.length / 4);
    const gz = await hitIn("/benchmarks/coded", "gzip", "gzip;q=1, br;q=0.5");
    expect(zlib.gunzipSync(gz.bytes).equals(page)).toBe(true);
    // A whole-body gzip, not the app's flushed stream.
    expect(gz.bytes.length).toBeLessThan(first.bytes.length);
    for (const hit of [plain, br, gz]) expect(String(hit.headers.vary).split(", ")).toEqual(["rsc", "Accept-Encoding"]);

    // Refusing brotli gets gzip; a client that takes neither, even one refusing identity, a readable page.
    expect((await raw("/benchmarks/coded", { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    for (const accept of ["deflate", "identity;q=0", "*;q=0"]) expect((await raw("/benchmarks/coded", { "accept-encoding": accept })).bytes.equals(page), accept).toBe(true);
    expect(renders - before).toBe(1);
  });

  it("never answers a small page coded, and keeps a page the app sent in identity", async () => {
    await get("/benchmarks/tiny");
    const tiny = await raw("/benchmarks/tiny", { "accept-encoding": "br, gzip" });
    expect([tiny.headers["x-execboard-cache"], tiny.headers["content-encoding"]]).toEqual(["hit", undefined]);
    const plain = await raw("/benchmarks/coded-identity");
    expect(plain.headers["x-execboard-cache"]).toBe("miss");
    const br = await hitIn("/benchmarks/coded-identity", "br", "br");
    expect(zlib.brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
  });
});
