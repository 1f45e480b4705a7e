import { ZodError } from "zod";
import { AppError, type AppErrorCode } from "@/lib/errors/app-error";

// The one place where error codes become HTTP statuses. Error bodies have a stable shape:
// { error: { code, message, details? } }.
const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_UPLOAD: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
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
    return json({ error: { code: e.code, message: e.message, ...(e.details !== undefined ? { details: e.details } : {}) } }, STATUS[e.code]);
  }
  if (e instanceof ZodError) {
    const message = e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
    return json({ error: { code: "BAD_REQUEST", message } }, 400);
  }
  console.error("[api] unexpected error", e);
  return json({ error: { code: "INTERNAL", message: "internal error" } }, 500);
}

// Wraps a handler so every thrown error leaves through errorResponse.
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await fn(...args);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}
