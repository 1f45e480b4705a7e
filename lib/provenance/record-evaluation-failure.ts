import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { isAppError } from "@/lib/errors/app-error";
import { describeError, appendRunLog } from "./run-log";

/** A failure as data for the vendor's explanation: the error code and the step's details. */
function errorDetails(e: unknown): Prisma.InputJsonValue {
  if (!isAppError(e)) return { code: "INTERNAL" };
  const d = e.details;
  const details = d !== null && typeof d === "object" && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
  const all = { ...details, code: e.code };
  if (JSON.stringify(all).length <= 4000) return JSON.parse(JSON.stringify(all)) as Prisma.InputJsonValue;
  // Kept small: the explanation needs the reason and a few numbers, not whole issue lists.
  const plain = Object.entries(all).filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v));
  return Object.fromEntries(plain.map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 500) : v])) as Prisma.InputJsonValue;
}

export interface RunFailure {
  /** The pipeline stage the run was in (the submission's status when it failed). */
  stage: string | null;
  error: unknown;
  /** No attempt follows: the evaluation is failed (otherwise the job is retried). */
  final: boolean;
}

// Keeps a failed attempt's story with the submission's running evaluation: the stage, the
// error (with its stack when the platform, not the vendor, caused it) and, once no retry is
// left, the failed status. Never throws: when the database is what failed, the failure goes to
// the worker's stderr instead, and the job's own retry or the reaper takes over.
export async function recordEvaluationFailure(submissionId: string, f: RunFailure): Promise<void> {
  await guarded(submissionId, async () => {
    const ev = await runningEvaluation(submissionId);
    if (!ev) return;
    const message = f.error instanceof Error ? f.error.message : String(f.error);
    await appendRunLog(ev.id, `attempt ${ev.attempts} failed${f.stage ? ` while ${f.stage}` : ""}${f.final ? "" : " (it will be retried)"}:\n${describeError(f.error)}`);
    await db().evaluation.update({
      where: { id: ev.id },
      data: { failedStage: f.stage, error: message, errorDetails: errorDetails(f.error), ...(f.final ? { status: "failed", finishedAt: new Date() } : {}) },
    });
  });
}

/**
 * Fails the running evaluation once its job has no attempt left (the reason BullMQ gives,
 * e.g. after the last retry or when the job stalled too often), keeping the stage and error of
 * the last attempt that reported one.
 */
export async function closeFailedEvaluation(submissionId: string, reason: string): Promise<void> {
  await guarded(submissionId, async () => {
    const ev = await runningEvaluation(submissionId);
    if (!ev) return;
    const stage = ev.failedStage ?? (await currentStage(submissionId));
    await appendRunLog(ev.id, `gave up: ${reason}`);
    await db().evaluation.update({
      where: { id: ev.id },
      data: { status: "failed", failedStage: stage, error: ev.error ?? reason, errorDetails: { code: "INTERNAL", reason: "platform", message: reason }, finishedAt: new Date() },
    });
  });
}

/** The stage a submission is in, for a failure report (null if it cannot be read). */
export async function currentStage(submissionId: string): Promise<string | null> {
  try {
    return (await db().submission.findUnique({ where: { id: submissionId }, select: { status: true } }))?.status ?? null;
  } catch {
    return null;
  }
}

function runningEvaluation(submissionId: string) {
  return db().evaluation.findFirst({
    where: { submissionId, trigger: { not: "rescore" }, status: "running" },
    orderBy: { seq: "desc" },
    select: { id: true, attempts: true, failedStage: true, error: true },
  });
}

async function guarded(submissionId: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    console.error(`[provenance] could not record the failure of ${submissionId}: ${(e as Error).message}`);
  }
}
