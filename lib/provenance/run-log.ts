import { Prisma } from "@/lib/db/generated/client";
import { db, type Tx } from "@/lib/db/client";
import { isAppError } from "@/lib/errors/app-error";

// The log of a scoring run: timestamped lines appended in one SQL statement each (so two
// writers never lose each other's lines), capped to its most recent LOG_MAX characters.
export const LOG_MAX = 64 * 1024;

export function logLine(text: string, at = new Date()): string {
  return `${at.toISOString()}  ${text}\n`;
}

export async function appendRunLog(evaluationId: string, text: string, tx?: Tx): Promise<void> {
  const line = logLine(text);
  await (tx ?? db()).$executeRaw(Prisma.sql`UPDATE evaluations SET log = right(log || ${line}, ${LOG_MAX}) WHERE id = ${evaluationId}::uuid`);
}

/**
 * An error as a vendor or maintainer needs to read it: its message, its details, and for
 * errors that are not the vendor's (the platform's: a crash, a lost service) the stack and
 * causes, like a process's stderr.
 */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const parts = [`${e.name}: ${e.message}`];
  if (isAppError(e)) {
    if (e.details !== undefined) parts.push(`details: ${JSON.stringify(e.details).slice(0, 2000)}`);
    if (e.code !== "INTERNAL") return parts.join("\n");
  }
  if (e.stack) parts.push(...e.stack.split("\n").slice(1, 16).map((l) => l.trimEnd()));
  let cause = (e as { cause?: unknown }).cause;
  for (let depth = 0; cause instanceof Error && depth < 3; depth++, cause = (cause as { cause?: unknown }).cause) {
    parts.push(`caused by ${cause.name}: ${cause.message}`);
  }
  return parts.join("\n");
}
