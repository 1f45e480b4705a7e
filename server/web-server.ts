import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { getBotType } from "next/dist/shared/lib/router/utils/is-bot";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { getConfig } from "@/lib/config";
import { closeReaderStamp, readReaderStamp } from "@/lib/db/reader-stamp";
import { isAppError } from "@/lib/errors/app-error";
import { parseTrustedProxies, resolveForwarded, type TrustedProxies } from "@/lib/http/forwarded";
import { PageCache } from "@/lib/http/page-cache";
import { closeRateLimitRedis } from "@/lib/rate-limit/redis";
import { assertSameStorage } from "@/lib/storage/storage-identity";
import { errorResponse } from "@/lib/http/respond";
import { rateLimitOptionsFromConfig, rateLimitPage, rateLimitRequest, type PageRequestKind } from "@/lib/rate-limit/rate-limit-request";

// The web process: Next.js behind a thin Node HTTP server of our own (`execboard web`), which
// sees the connection itself. Before the app sees a request it
// - rewrites X-Forwarded-For, -Proto and -Host with what resolveForwarded decided (a client's
//   own values are believed only through a proxy named in EXECBOARD_TRUSTED_PROXIES), so per-IP
//   limits, Secure cookies and the same-origin check read values a client cannot choose;
// - refuses a URL holding a NUL (no page or lookup can use one), and a page POST (a form's server
//   action) whose body is over 1 MiB or of no declared length, before Next.js reads it (its own
//   limit answers 500; the body is dropped, up to a bound, so the client sees the answer);
// - counts pages, downloads and sign-in attempts against per-address windows (the API counts
//   its own in lib/http's handle());
// - adds Strict-Transport-Security to answers over https (the other security headers are in
//   next.config.ts, so they hold however the app is served);
// - answers signed-out readers' public pages and public API reads from memory while the reader
//   stamp is unchanged (lib/http/page-cache.ts; the stamp is read from Postgres for every such
//   request; an API answer from memory is counted against the address's rate limit here).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HSTS = "max-age=31536000; includeSubDomains";
/** The most a page's form may send (Next.js's own server-action limit). The API has its own limits. */
export const PAGE_BODY_MAX_BYTES = 1024 * 1024;

interface WebOptions {
  port: number;
  host: string;
}

function parseArgs(argv: string[]): WebOptions {
  const opts: WebOptions = { port: 3000, host: "127.0.0.1" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "-p" || flag === "--port") opts.port = Number(value);
    else if (flag === "-H" || flag === "--host") opts.host = value;
    else throw new Error(`execboard web: unknown option ${flag} (usage: execboard web [--port 3000] [--host 127.0.0.1])`);
    i += 1;
  }
  if (!Number.isInteger(opts.port) || opts.port < 1 || opts.port > 65535) throw new Error("execboard web: --port must be a port number");
  return opts;
}

/** Which window a request counts against, or null for static assets and the API. */
export function pageKind(method: string, pathname: string, headers: http.IncomingHttpHeaders): PageRequestKind | "prefetch" | null {
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/static/") || pathname === "/favicon.ico" || pathname === "/robots.txt") return null;
  if (method === "POST" && pathname === "/signin") return "signin";
  if (headers["next-router-prefetch"]) return "prefetch";
  return "page";
}

/** Why a request's body is refused before the app reads it (status and words), or null. */
export function bodyRefusal(method: string, pathname: string, headers: http.IncomingHttpHeaders): { status: number; message: string } | null {
  if (pathname.startsWith("/api/") || method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const length = headers["content-length"];
  if (length === undefined) {
    return headers["transfer-encoding"] ? { status: 411, message: "a form sent to a page must say its length (Content-Length)" } : null;
  }
  const bytes = Number(length);
  if (!Number.isFinite(bytes) || bytes > PAGE_BODY_MAX_BYTES) {
    return { status: 413, message: `a form sent to a page may be at most ${PAGE_BODY_MAX_BYTES} bytes; this one is ${length}` };
  }
  return null;
}

// A refused body is read and dropped before the answer goes out: Node closes a connection whose
// request was not read to its end right after answering, and a client still sending would see a
// reset instead of the answer. Past DISCARD_MAX_BYTES nothing more is read: a body declared that
// large is answered at once, one of no declared length that runs on has its connection closed.
const DISCARD_MAX_BYTES = 16 * PAGE_BODY_MAX_BYTES;
function answerAfterBody(req: http.IncomingMessage, answer: () => void): void {
  if (Number(req.headers["content-length"] ?? 0) > DISCARD_MAX_BYTES) return answer();
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_MAX_BYTES) req.socket.destroy();
  });
  req.on("end", answer);
  req.resume();
}

function hasNul(url: string): boolean {
  try {
    return decodeURIComponent(url).includes("\u0000");
  } catch {
    return false; // Next answers malformed escapes itself
  }
}

function normaliseForwarded(req: http.IncomingMessage, trusted: TrustedProxies): { clientIp: string; https: boolean } {
  const truth = resolveForwarded(
    { socketAddress: req.socket.remoteAddress, encrypted: "encrypted" in req.socket && Boolean(req.socket.encrypted), header: (n) => headerValue(req.headers[n]) },
    trusted,
  );
  for (const h of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "x-real-ip", "forwarded"]) delete req.headers[h];
  req.headers["x-forwarded-for"] = truth.clientIp;
  req.headers["x-forwarded-proto"] = truth.proto;
  if (truth.host) req.headers["x-forwarded-host"] = truth.host;
  return { clientIp: truth.clientIp, https: truth.proto === "https" };
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(",") : v;
}

async function admitApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  let answer: Response;
  try {
    const limit = await rateLimitRequest(new Request(`http://localhost${req.url}`, { headers: { "x-forwarded-for": headerValue(req.headers["x-forwarded-for"]) ?? "" } }));
    for (const [k, v] of Object.entries(limit)) res.setHeader(k, v);
    return true;
  } catch (e) {
    answer = errorResponse(e);
  }
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(await answer.text());
  return false;
}

function refuse(res: http.ServerResponse, status: number, title: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(`<!doctype html><meta charset="utf-8"><title>${title} · ExecBoard</title><h1>${title}</h1><p>${message.replace(/[<>&]/g, "")}</p>`);
}

export async function main(argv: string[]): Promise<void> {
  const opts = parseArgs(argv);
  const config = getConfig();
  const trusted = parseTrustedProxies(config.EXECBOARD_TRUSTED_PROXIES);
  try {
    console.log(`[web] storage ${await assertSameStorage()} at ${config.EXECBOARD_DATA_DIR}`);
  } catch (e) {
    console.error(`[web] refusing to start: ${(e as Error).message}`);
    process.exit(1);
  }
  const app = next({ dev: false, dir: root, hostname: opts.host, port: opts.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const pages = new PageCache({
    maxBytes: config.EXECBOARD_PAGE_CACHE_MB * 1024 * 1024,
    stamp: readReaderStamp,
    sessionCookie: SESSION_COOKIE,
    // Next.js renders some robots a page without streamed metadata.
    variant: (req) => getBotType(headerValue(req.headers["user-agent"]) ?? "") ?? "",
    // An API answer from memory counts against the address's window as the app would count it.
    admit: (req, res) => ((req.url ?? "").startsWith("/api/") ? admitApi(req, res) : Promise.resolve(true)),
  });

  const server = http.createServer(async (req, res) => {
    try {
      const { clientIp, https } = normaliseForwarded(req, trusted);
      if (https) res.setHeader("strict-transport-security", HSTS);
      const url = req.url ?? "/";
      if (hasNul(url)) {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
        res.end("the URL contains a NUL character");
        return;
      }
      const pathname = url.split("?")[0];
      const tooBig = bodyRefusal(req.method ?? "GET", pathname, req.headers);
      if (tooBig) return answerAfterBody(req, () => refuse(res, tooBig.status, tooBig.status === 411 ? "Length required" : "Request too large", tooBig.message));
      const kind = pageKind(req.method ?? "GET", pathname, req.headers);
      if (kind) {
        try {
          const opts = kind === "prefetch" ? { pagesPerIp: config.EXECBOARD_RATE_LIMIT_PAGES_PER_IP * 5 } : {};
          await rateLimitPage(kind === "prefetch" ? `prefetch:${clientIp}` : clientIp, kind === "prefetch" ? "page" : kind, { ...rateLimitOptionsFromConfig(), ...opts });
        } catch (e) {
          if (isAppError(e) && e.code === "RATE_LIMITED") return refuse(res, 429, "Too many requests", e.message, { "retry-after": String(e.retryAfterSeconds ?? 60) });
          throw e;
        }
      }
      await pages.serve(req, res, () => handle(req, res));
    } catch (e) {
      console.error("[web] request failed", e);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("internal error");
    }
  });
  server.listen(opts.port, opts.host, () => {
    console.log(`[web] ExecBoard on http://${opts.host}:${opts.port} (trusted proxies: ${trusted.spec || "none"})`);
  });

  const stop = (signal: string) => {
    console.log(`[web] ${signal}: shutting down`);
    server.close(() => void Promise.all([closeRateLimitRedis(), closeReaderStamp()]).then(() => app.close()).finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
