import { UnrecoverableError, type Job } from "bullmq";
import type { z } from "zod";
import type { JobDefinition } from "@/lib/queue/jobs";
import type { Sandbox } from "@/lib/sandbox/types";

// A job kind's handler, bound to its definition (lib/queue/jobs.ts) in workers/registry.ts.
// The failure policy is the same for every kind (runJob below): a payload that does not match
// the schema fails for good at once; a handler's UnrecoverableError fails for good; anything
// else is retried by BullMQ up to the definition's attempts; after the last attempt the
// handler's onFinalFailure records what the failure means for its work.
export interface WorkerContext {
  sandbox: Sandbox;
}

export interface JobHandler<S extends z.ZodType = z.ZodType, I = unknown> {
  def: JobDefinition<S, I>;
  /** Its result is the job's return value (kept with the finished job). */
  run(payload: z.output<S>, ctx: WorkerContext, job: Job): Promise<unknown>;
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

/** Dispatches a job to its handler by name. */
export function runJob(handlers: readonly JobHandler[], ctx: WorkerContext) {
  const byName = new Map(handlers.map((h) => [h.def.name, h]));
  return async (job: Job): Promise<unknown> => {
    const h = byName.get(job.name);
    if (!h) throw new UnrecoverableError(`no handler for job kind ${job.name}`);
    return h.run(parse(h, job), ctx, job);
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
