// One error family for everything a caller can cause. Domain code throws AppError with a
// code; the HTTP layer (lib/http) and the CLI map codes to statuses and exit codes.
export const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "INVALID_UPLOAD",
  "UNAUTHORIZED",
  "TOKEN_EXPIRED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "QUOTA_EXCEEDED",
  "RATE_LIMITED",
  /** The server cannot take the bytes now (disk reserved by unfinished uploads); try later. */
  "INSUFFICIENT_STORAGE",
  "INTERNAL",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === "string" && (APP_ERROR_CODES as readonly string[]).includes(value);
}

export interface AppErrorOptions {
  /** When the caller may try again (becomes a Retry-After header over HTTP). */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: unknown;
  readonly retryAfterSeconds?: number;

  constructor(code: AppErrorCode, message: string, details?: unknown, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
