// The page cache in front of a real HTTP server whose "app" counts its renders and says whom it
// rendered for: what is kept, for whom, and that a new reader stamp is always seen.
import http from "node:http";
import type { AddressInfo } from "node:net";
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
  res.setHeader("content-type", req.headers.rsc ? "text/x-component" : "text/html; charset=utf-8");
  // Next.js appends an answer's headers, so Node holds them as arrays: as here for /api.
  if (url.startsWith("/api/")) res.setHeader("etag", [`"${stamp}-${url.length}"`]);
  else res.setHeader("etag", `"${stamp}-${url.length}"`);
  res.write(`<p>${url} `);
  await new Promise((r) => setTimeout(r, 5));
  res.end(`stamp ${stamp} for ${viewer}${"x".repeat(url.includes("big") ? 4000 : 0)}</p>`);
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
});
