import { UnrecoverableError, type Job } from "bullmq";
import type { z } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import type { JobDefinition } from "@/lib/queue/jobs";
import type { Sandbox } from "@/lib/sandbox/types";

// A job kind's handler, bound to its definition (lib/queue/jobs.ts) in workers/registry.ts.
// The failure policy is the same for every kind, and lives here alone (runJob below):
// - a payload that does not match the schema fails for good at once;
// - an error the job's input caused (an AppError other than INTERNAL, directly or as the cause
//   of what the handler threw: a vendor's file that no longer validates, a vanished benchmark)
//   fails for good at once: retrying cannot help;
// - anything else (the database, Redis, the sandbox, a bug) is retried by BullMQ up to the
//   definition's attempts, with its backoff.
// Handlers only say what a failure means for their work: onAttemptFailed after every failed
// attempt (told whether it was for good), onFinalFailure once no attempt is left.
export interface WorkerContext {
  sandbox: Sandbox;
}

export interface JobHandler<S extends z.ZodType = z.ZodType, I = unknown> {
  def: JobDefinition<S, I>;
  /** Its result is the job's return value (kept with the finished job). */
  run(payload: z.output<S>, ctx: WorkerContext, job: Job): Promise<unknown>;
  /**
   * After each failed attempt of run(): record it. `permanent`: the policy fails the job for good
   * now. If recording fails, the attempt counts as the platform's failure and is retried.
   */
  onAttemptFailed?(payload: z.output<S>, err: unknown, permanent: boolean): Promise<void>;
  /** After the last attempt (or an UnrecoverableError): record the failure. Never throws. */
  onFinalFailure?(payload: z.output<S>, err: Error, job: Job): Promise<void>;
}

export function handler<S extends z.ZodType, I>(h: JobHandler<S, I>): JobHandler<S, I> {
  return h;
}

function parse(h: JobHandler, job: Job): unknown {
  const parsed = h.def.schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${h.def.name} payload: ${parsed.error.message}`);
  return parsed.data;
}

/** Whether a failure is the job input's own fault (for good), rather than the platform's (worth a retry). */
export function isPermanentFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof UnrecoverableError) return true;
    if (isAppError(e)) return e.code !== "INTERNAL";
  }
  return false;
}

/** Dispatches a job to its handler by name, under the failure policy. */
export function runJob(handlers: readonly JobHandler[], ctx: WorkerContext) {
  const byName = new Map(handlers.map((h) => [h.def.name, h]));
  return async (job: Job): Promise<unknown> => {
    const h = byName.get(job.name);
    if (!h) throw new UnrecoverableError(`no handler for job kind ${job.name}`);
    const payload = parse(h, job);
    try {
      return await h.run(payload, ctx, job);
    } catch (e) {
      const permanent = isPermanentFailure(e);
      try {
        await h.onAttemptFailed?.(payload, e, permanent);
      } catch (err) {
        // The failure could not be recorded (the database may be what failed): retry the job, so
        // that a later attempt records it, rather than ending it with nothing written.
        console.error(`[worker] could not record the failed attempt of ${job.name} ${job.id}:`, err);
        throw e instanceof UnrecoverableError ? new Error(e.message, { cause: e }) : e;
      }
      if (permanent && !(e instanceof UnrecoverableError)) throw new UnrecoverableError(e instanceof Error ? e.message : String(e));
      throw e;
    }
  };
}

/** The `failed` event: calls the handler's onFinalFailure once the job will not run again. */
export function onJobFailed(handlers: readonly JobHandler[]) {
  const byName = new Map(handlers.map((h) => [h.def.name, h]));
  return async (job: Job | undefined, err: Error): Promise<void> => {
    if (!job) return;
    const h = byName.get(job.name);
    const last = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!h?.onFinalFailure || !last) return;
    const parsed = h.def.schema.safeParse(job.data);
    if (!parsed.success) return;
    await h.onFinalFailure(parsed.data, err, job).catch((e) => console.error(`[worker] could not record the failure of ${job.name} ${job.id}:`, e));
  };
}
