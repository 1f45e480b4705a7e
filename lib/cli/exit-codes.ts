import { isAppError, type AppErrorCode } from "@/lib/errors/app-error";
import { ApiError } from "./api-error";

// Exit codes scripts can rely on (README: "Exit codes").
export const EXIT = {
  ok: 0,
  failed: 1, // the operation failed (server refused the request, submission failed, cannot connect, …)
  usage: 2, // the command line is wrong
  auth: 3, // no token, unknown, revoked or expired token, or not allowed for this account
  notFound: 4, // the submission, token, user or benchmark does not exist (or is not visible)
  limited: 5, // a quota, the rate limit or the server's upload space is exhausted (try later)
} as const;

const EXIT_FOR_CODE: Record<AppErrorCode, number> = {
  BAD_REQUEST: EXIT.usage,
  INVALID_UPLOAD: EXIT.failed,
  UNAUTHORIZED: EXIT.auth,
  TOKEN_EXPIRED: EXIT.auth,
  FORBIDDEN: EXIT.auth,
  NOT_FOUND: EXIT.notFound,
  CONFLICT: EXIT.failed,
  PAYLOAD_TOO_LARGE: EXIT.failed,
  QUOTA_EXCEEDED: EXIT.limited,
  RATE_LIMITED: EXIT.limited,
  INSUFFICIENT_STORAGE: EXIT.limited,
  INTERNAL: EXIT.failed,
};

export function exitCodeFor(e: unknown): number {
  if (!isAppError(e)) return EXIT.failed;
  // A 400 from the server means the request was refused, not that the command line was wrong.
  if (e instanceof ApiError && e.code === "BAD_REQUEST") return EXIT.failed;
  return EXIT_FOR_CODE[e.code];
}
