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
  console.error("[api] unexpected error", e);
  return json({ error: { code: "INTERNAL", message: "internal error" } }, 500);
}

// Wraps a handler so every request is rate limited (lib/rate-limit) and every thrown error
// leaves through errorResponse. Every /api/v1 route handler is wrapped in it.
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      if (args[0] instanceof Request) limitHeaders = await rateLimitRequest(args[0]);
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
