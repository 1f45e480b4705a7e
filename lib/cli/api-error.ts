import { AppError, isAppErrorCode, type AppErrorCode } from "@/lib/errors/app-error";

// An error answer from the ExecBoard API, kept with its HTTP status and the server's code, so
// the CLI can tell "the server refused this" from "the command line was wrong".
export class ApiError extends AppError {
  readonly status: number;

  constructor(status: number, code: AppErrorCode, message: string, details?: unknown, retryAfterSeconds?: number) {
    super(code, message, details, { retryAfterSeconds });
    this.name = "ApiError";
    this.status = status;
  }
}

export function apiErrorFrom(res: Response, body: unknown, text: string): ApiError {
  const err = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = isAppErrorCode(err?.code) ? err.code : codeForStatus(res.status);
  const message = typeof err?.message === "string" ? err.message : text.slice(0, 200) || res.statusText;
  const retryAfter = Number(res.headers.get("retry-after"));
  return new ApiError(res.status, code, `${res.status} ${message}`, err?.details, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

function codeForStatus(status: number): AppErrorCode {
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RATE_LIMITED";
  return status < 500 ? "BAD_REQUEST" : "INTERNAL";
}
