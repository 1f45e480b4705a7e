import { ZodError } from "zod";
import { AppError, type AppErrorCode } from "@/lib/errors/app-error";
import { rateLimitRequest } from "@/lib/rate-limit/rate-limit-request";

// The one place where error codes become HTTP statuses. Error bodies have a stable shape:
// { error: { code, message, details? } }.
export const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_UPLOAD: 422,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 503,
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body, bigintSafe), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

export function errorResponse(e: unknown): Response {
  if (e instanceof AppError) {
    const res = json({ error: { code: e.code, message: e.message, ...(e.details !== undefined ? { details: e.details } : {}) } }, STATUS[e.code]);
    if (e.retryAfterSeconds !== undefined) res.headers.set("retry-after", String(e.retryAfterSeconds));
    if (STATUS[e.code] === 401) res.headers.set("www-authenticate", 'Bearer realm="execboard"');
    return res;
  }
  if (e instanceof ZodError) {
    const message = e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
    return json({ error: { code: "BAD_REQUEST", message } }, 400);
  }
  if (isUnstorableText(e)) {
    return json({ error: { code: "BAD_REQUEST", message: "the request holds text that cannot be stored (a NUL character or an unpaired surrogate)" } }, 400);
  }
  console.error("[api] unexpected error", e);
  return json({ error: { code: "INTERNAL", message: "internal error" } }, 500);
}

// The database's refusal of text it cannot hold (Postgres: 22021 invalid byte sequence, 22P05
// untranslatable character; the JSON encoder: a lone surrogate). Requests are checked before they
// get this far (readJson, readForm, the URL in handle()); this keeps any path that was missed a 400.
function isUnstorableText(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { cause?: { originalCode?: string } }).cause?.originalCode;
  if (code === "22021" || code === "22P05") return true;
  return e.name === "PrismaClientUnknownRequestError" && /unexpected end of hex escape|lone (leading|trailing) surrogate|invalid unicode code point/i.test(e.message);
}

/** A NUL in the decoded path or query string, which no lookup can match and Postgres cannot take. */
function urlProblem(request: Request): string | null {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return "the URL path is not valid percent-encoded UTF-8";
  }
  if (path.includes("\u0000")) return "the URL path contains a NUL character";
  for (const [k, v] of url.searchParams) if ((k + v).includes("\u0000")) return `query parameter ${JSON.stringify(k.replaceAll("\u0000", "\\0"))} contains a NUL character`;
  return null;
}

// Wraps a handler so every request is rate limited (lib/rate-limit) and every thrown error
// leaves through errorResponse. Every /api/v1 route handler is wrapped in it.
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      if (args[0] instanceof Request) {
        limitHeaders = await rateLimitRequest(args[0]);
        const problem = urlProblem(args[0]);
        if (problem) throw new AppError("BAD_REQUEST", problem);
      }
      return withHeaders(await fn(...args), limitHeaders);
    } catch (e) {
      return withHeaders(errorResponse(e), limitHeaders);
    }
  };
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) {
    try {
      res.headers.set(k, v);
    } catch {
      return res; // immutable headers (e.g. Response.redirect): leave the response as it is
    }
  }
  return res;
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}
