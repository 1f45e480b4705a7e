// One error family for everything a caller can cause. Domain code throws AppError with a
// code; the HTTP layer (lib/http) and the CLI map codes to statuses and exit codes.
export type AppErrorCode =
  | "BAD_REQUEST"
  | "INVALID_UPLOAD"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "INTERNAL";

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: unknown;

  constructor(code: AppErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
