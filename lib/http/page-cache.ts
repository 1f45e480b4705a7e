// Public pages from memory. A signed-out reader's GET of a public page (leaderboards, model
// pages, drilldowns, the query browser, comparisons, exports, methodology, API docs) or of the
// public read API (benchmarks, leaderboards, statistics, datasets, published submissions and
// their analyses, the OpenAPI document) is answered with the bytes the app rendered for the
// same URL and request variant, as long as the reader stamp (lib/db/reader-stamp.ts) is the
// one they were rendered under. The stamp is read for EVERY such request, after it arrived,
// and every write a reader could see moves it on at commit (migration 0013's triggers,
// whichever process writes): so once a publish, hide, re-score or review has returned, no
// request is answered from before it. Anything else (a session cookie, an Authorization
// header, a method other than GET, another path) goes straight to the app, so no viewer is
// ever given a page rendered for someone else.
//
// Only complete 200 answers without Set-Cookie are kept, least recently used first out past
// `maxBytes`. Concurrent misses of one page under one stamp render it once.
//
// An answer is kept once, whatever encoding the reader asked for: the identity bytes (decoded
// when the app compressed them: Next.js streams gzip in many small flushes, which compresses
// poorly), and beside them a brotli and a gzip copy of the whole body, made once per kept
// answer in zlib's thread pool. A hit is sent in the coding the request's Accept-Encoding
// prefers among those made, with Vary: Accept-Encoding; a client that sends none gets identity.
import type http from "node:http";
import { chooseCoding, CODINGS, decode, encode, type Coding } from "@/lib/http/content-coding";
import { etagMatches, etagOf } from "@/lib/http/etag";

const PUBLIC_PAGES = [
  /^\/$/,
  /^\/benchmarks(\/[^/]+){0,2}$/, // the list, a benchmark, a version's leaderboard
  /^\/benchmarks\/[^/]+\/[^/]+\/(compare|export|queries)$/,
  /^\/benchmarks\/[^/]+\/[^/]+\/queries\/[^/]+$/,
  /^\/submissions\/[^/]+$/, // a model page: public once published, 404 (never kept) before
  /^\/submissions\/[^/]+\/queries\/[^/]+$/,
  /^\/methodology$/,
  /^\/docs\/api(\/reference)?$/, // the API reference, and its markup alone (components/ui/html-island.tsx)
  /^\/api\/v1\/benchmarks$/,
  /^\/api\/v1\/benchmarks\/[^/]+\/(leaderboard|pairwise|difficulty|analysis|dataset)$/,
  /^\/api\/v1\/benchmarks\/[^/]+\/dataset\/[^/]+$/,
  /^\/api\/v1\/submissions\/[^/]+(\/analysis)?$/, // published ones; others answer 404, never kept
  /^\/api\/v1\/openapi\.json$/,
];

// Request headers the app's answer depends on besides the URL: Next.js's client-navigation
// headers (the answer is then a React Server Components payload) and the origin. The encoding
// is not one of them: what is kept is identity, coded as each request asks at replay.
const VARY = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url", "x-forwarded-proto", "x-forwarded-host"];
const KEPT_TYPES = /^(text\/html|text\/x-component|text\/csv|application\/json)\b/;
// Per-answer headers: the transport's, and the rate limit's (set anew for every answer).
const DROPPED_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]);
// Smaller answers are sent as they are: a coded copy would save less than its headers cost.
const MIN_CODED_BYTES = 1024;

export interface PageCacheOptions {
  /** Memory for kept answers, bytes (0: nothing is kept). */
  maxBytes: number;
  /** The current reader stamp (a read of the database, made after the request arrived). */
  stamp: () => Promise<string>;
  /** Cookie whose presence means a signed-in viewer. */
  sessionCookie: string;
  /** More of the request the answer depends on (e.g. the kind of robot the user agent is). */
  variant?: (req: http.IncomingMessage) => string;
  /**
   * Asked before a request is answered from memory (the app is not asked then): may set
   * headers, or answer itself and return false (an API rate limit the app would have applied).
   */
  admit?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** The identity bytes. */
  body: Buffer;
  /** The same bytes in each content coding, once made. */
  coded: Partial<Record<Coding, Buffer>>;
  etag: string | null;
}

export type PageCacheOutcome = "hit" | "miss" | "shared" | "bypass";

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  private stampSeen: bigint | null = null;
  readonly counts = { hit: 0, miss: 0, shared: 0, bypass: 0 };

  constructor(private readonly opts: PageCacheOptions) {}

  /** Whether the request is a signed-out GET of a public page. */
  cacheable(req: http.IncomingMessage): boolean {
    if (this.opts.maxBytes <= 0 || req.method !== "GET" || req.headers.authorization) return false;
    if (hasCookie(req.headers.cookie, this.opts.sessionCookie)) return false;
    const pathname = (req.url ?? "/").split("?")[0];
    return PUBLIC_PAGES.some((re) => re.test(pathname));
  }

  /**
   * Answers `req` from memory or through `render` (the app), keeping what `render` writes when
   * it may be kept; returns what happened.
   */
  async serve(req: http.IncomingMessage, res: http.ServerResponse, render: () => Promise<void>): Promise<PageCacheOutcome> {
    if (!this.cacheable(req)) {
      this.counts.bypass++;
      await render();
      return "bypass";
    }
    let stamp: bigint;
    try {
      stamp = BigInt(await this.opts.stamp());
    } catch (e) {
      // Without the stamp nothing may be answered from memory: the app answers, as without a cache.
      console.error("[page-cache] reader stamp unavailable, answering through the app:", (e as Error).message);
      this.counts.bypass++;
      await render();
      return "bypass";
    }
    if (this.stampSeen === null || stamp > this.stampSeen) {
      this.clear();
      this.stampSeen = stamp;
    }
    const key = `${stamp}\n${this.keyOf(req)}`;
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, kept);
      this.counts.hit++;
      if (await this.admitted(req, res)) replay(req, res, kept, "hit");
      return "hit";
    }
    const pending = this.rendering.get(key);
    if (pending) {
      const entry = await pending;
      if (entry) {
        this.counts.shared++;
        if (await this.admitted(req, res)) replay(req, res, entry, "hit");
        return "shared";
      }
    }
    this.counts.miss++;
    res.setHeader("x-execboard-cache", "miss");
    const rendered = capture(res, render);
    this.rendering.set(key, rendered);
    try {
      const entry = await rendered;
      if (entry && stamp === this.stampSeen && entry.body.length <= this.opts.maxBytes / 8) this.keep(key, entry);
    } finally {
      if (this.rendering.get(key) === rendered) this.rendering.delete(key);
    }
    return "miss";
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private admitted(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    return this.opts.admit ? this.opts.admit(req, res) : Promise.resolve(true);
  }

  private keyOf(req: http.IncomingMessage): string {
    const parts = [req.url ?? "/", ...VARY.map((h) => headerText(req.headers[h])), this.opts.variant?.(req) ?? ""];
    return parts.join("\n");
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    this.evict();
    if (entry.body.length >= MIN_CODED_BYTES) void this.code(key, entry);
  }

  // Makes the coded copies of a kept answer, one coding after the other; a copy is counted
  // and served only while its answer is still kept.
  private async code(key: string, entry: Entry): Promise<void> {
    for (const coding of CODINGS) {
      let coded: Buffer;
      try {
        coded = await encode(entry.body, coding);
      } catch (e) {
        console.error(`[page-cache] ${coding} of a kept answer failed, it is sent as it is:`, (e as Error).message);
        return;
      }
      if (this.entries.get(key) !== entry) return;
      entry.coded[coding] = coded;
      this.bytes += coded.length;
      this.evict();
    }
  }

  private evict(): void {
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= sizeOf(e);
    }
  }
}

function sizeOf(e: Entry): number {
  return e.body.length + Object.values(e.coded).reduce((sum, b) => sum + b.length, 0);
}

function headerText(v: string | string[] | undefined): string {
  return Array.isArray(v) ? v.join(",") : (v ?? "");
}

function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((c) => c.trim().startsWith(`${name}=`));
}

// Runs the app's renderer, teeing what it writes; resolves with the answer when it may be kept.
function capture(res: http.ServerResponse, render: () => Promise<void>): Promise<Entry | null> {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => http.ServerResponse;
  const add = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  return new Promise<Entry | null>((resolve, reject) => {
    let settled = false;
    const done = (entry: Entry | null) => {
      if (settled) return;
      settled = true;
      resolve(entry);
    };
    let finished = false;
    res.once("finish", () => {
      finished = true;
      keepable(res, Buffer.concat(chunks)).then(done, (e) => {
        console.error("[page-cache] an answer could not be decoded, it is not kept:", (e as Error).message);
        done(null);
      });
    });
    // Closed before finishing: incomplete, never kept. (A finished answer closes too, while
    // it may still be being decoded.)
    res.once("close", () => finished || done(null));
    render().catch((e) => {
      done(null);
      reject(e);
    });
  });
}

async function keepable(res: http.ServerResponse, sent: Buffer): Promise<Entry | null> {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return null;
  const type = String(res.getHeader("content-type") ?? "");
  if (!KEPT_TYPES.test(type)) return null;
  const body = await decode(sent, headerText(res.getHeader("content-encoding") as string | string[] | undefined));
  if (!body) return null;
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(res.getHeaders())) if (!DROPPED_HEADERS.has(k) && v !== undefined) headers[k] = v;
  headers.vary = withAcceptEncoding(headers.vary);
  return { status: res.statusCode, headers, body, coded: {}, etag: etagOf(res.getHeader("etag")) };
}

// The answer's Vary, naming Accept-Encoding (the coding is chosen by it at replay).
function withAcceptEncoding(vary: http.OutgoingHttpHeader | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary ?? "")).split(",").map((n) => n.trim()).filter(Boolean);
  return names.some((n) => n.toLowerCase() === "accept-encoding" || n === "*") ? names.join(", ") : [...names, "Accept-Encoding"].join(", ");
}

function replay(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, outcome: "hit"): void {
  for (const [k, v] of Object.entries(entry.headers)) if (v !== undefined) res.setHeader(k, v);
  res.setHeader("x-execboard-cache", outcome);
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const coding = chooseCoding(req.headers["accept-encoding"], CODINGS.filter((c) => entry.coded[c]));
  const body = coding === "identity" ? entry.body : entry.coded[coding]!;
  if (coding !== "identity") res.setHeader("content-encoding", coding);
  res.statusCode = entry.status;
  res.setHeader("content-length", body.length);
  res.end(body);
}
