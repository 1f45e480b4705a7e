import crypto from "node:crypto";
import type { Job, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue, enqueue, getQueue } from "@/lib/queue/enqueue";
import { QUEUE_NAME, type JobDefinition } from "@/lib/queue/jobs";
import { handler, isPermanentFailure, type JobHandler } from "@/workers/job-handler";
import { startQueueWorker } from "@/workers/queue-worker";

// The one failure policy of every job (workers/job-handler.ts), run by a real BullMQ worker as the
// worker process starts it (workers/queue-worker.ts), on a queue prefix of this test's own: what the input caused fails the job at its first attempt,
// anything else is retried up to the definition's attempts, the handler hears of every attempt
// and, once, of the last.
const prefix = `policy-${crypto.randomUUID().slice(0, 8)}`;
vi.stubEnv("EXECBOARD_QUEUE_PREFIX", prefix);

const def: JobDefinition<z.ZodObject<{ id: z.ZodString; fail: z.ZodEnum<{ input: "input"; wrapped: "wrapped"; platform: "platform"; none: "none" }> }>, { id: string }> = {
  name: "policy-probe",
  queue: QUEUE_NAME,
  schema: z.object({ id: z.string(), fail: z.enum(["input", "wrapped", "platform", "none"]) }),
  jobId: (p) => `probe-${p.id}`,
  attempts: 3,
  backoffMs: 10,
  keepCompletedSeconds: 60,
  keepFailedSeconds: 60,
};

const attempts: { id: string; permanent: boolean; message: string }[] = [];
const finals: { id: string; message: string }[] = [];
let recordingBroken = false;

const probe = handler({
  def,
  async run({ fail }) {
    if (fail === "input") throw new AppError("INVALID_UPLOAD", "the file holds NaN");
    if (fail === "wrapped") throw new Error("while ranking: the file holds NaN", { cause: new AppError("INVALID_UPLOAD", "the file holds NaN") });
    if (fail === "platform") throw new Error("connection reset");
    return "done";
  },
  async onAttemptFailed({ id }, err, permanent) {
    if (recordingBroken) throw new Error("the database is down");
    attempts.push({ id, permanent, message: (err as Error).message });
  },
  async onFinalFailure({ id }, err) {
    finals.push({ id, message: err.message });
  },
});

let worker: Worker;
const handlers = [probe] as JobHandler[];

async function settle(id: string): Promise<Job> {
  const queue = getQueue();
  for (let i = 0; i < 200; i++) {
    const job = await queue.getJob(`probe-${id}`);
    const state = await job?.getState();
    if (job && (state === "completed" || state === "failed")) {
      await new Promise((r) => setTimeout(r, 50)); // the failed event's handler runs after the state is written
      // Read the job again: the snapshot above may predate the attempt being counted.
      const settled = await queue.getJob(`probe-${id}`);
      if (!settled) throw new Error(`job ${id} vanished once settled`);
      return settled;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not settle`);
}

beforeAll(async () => {
  worker = startQueueWorker(QUEUE_NAME, handlers, { sandbox: undefined as never }, { concurrency: 2, label: "policy test" });
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker.close();
  await getQueue().obliterate({ force: true });
  await closeQueue();
});

describe("the failure policy", () => {
  it("fails a job whose input is at fault at its first attempt, and tells the handler it was for good", async () => {
    const id = crypto.randomUUID();
    await enqueue(def, { id, fail: "input" });
    const job = await settle(id);
    expect(await job.getState()).toBe("failed");
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe("the file holds NaN");
    expect(attempts.filter((a) => a.id === id)).toEqual([{ id, permanent: true, message: "the file holds NaN" }]);
    expect(finals.filter((f) => f.id === id)).toHaveLength(1);
  });

  it("sees the input's fault through the error a handler wrapped it in", async () => {
    const id = crypto.randomUUID();
    await enqueue(def, { id, fail: "wrapped" });
    const job = await settle(id);
    expect(job.attemptsMade).toBe(1);
    expect(attempts.filter((a) => a.id === id).map((a) => a.permanent)).toEqual([true]);
  });

  it("retries the platform's failures up to the definition's attempts, and reports the last once", async () => {
    const id = crypto.randomUUID();
    await enqueue(def, { id, fail: "platform" });
    const job = await settle(id);
    expect(await job.getState()).toBe("failed");
    expect(job.attemptsMade).toBe(3);
    expect(attempts.filter((a) => a.id === id).map((a) => a.permanent)).toEqual([false, false, false]);
    expect(finals.filter((f) => f.id === id)).toEqual([{ id, message: "connection reset" }]);
  });

  it("retries an input fault whose failure could not be recorded, rather than ending it with nothing written", async () => {
    const id = crypto.randomUUID();
    recordingBroken = true;
    try {
      await enqueue(def, { id, fail: "input" });
      const job = await settle(id);
      expect(job.attemptsMade).toBe(3);
    } finally {
      recordingBroken = false;
    }
  });

  it("fails a payload that does not match the schema for good, without running the handler", async () => {
    const job = await getQueue().add(def.name, { id: 42 }, { jobId: `probe-bad-${crypto.randomUUID()}`, attempts: 3 });
    for (let i = 0; i < 100 && !["failed", "completed"].includes(await job.getState()); i++) await new Promise((r) => setTimeout(r, 50));
    const done = (await getQueue().getJob(job.id!))!;
    expect(await done.getState()).toBe("failed");
    expect(done.attemptsMade).toBe(1);
    expect(done.failedReason).toMatch(/^invalid policy-probe payload/);
  });

  it("completes a job that succeeds, with the handler's result", async () => {
    const id = crypto.randomUUID();
    await enqueue(def, { id, fail: "none" });
    const job = await settle(id);
    expect(job.returnvalue).toBe("done");
  });

  it("classifies failures as the scoring and re-scoring handlers rely on", () => {
    expect(isPermanentFailure(new AppError("INVALID_UPLOAD", "x"))).toBe(true);
    expect(isPermanentFailure(new AppError("NOT_FOUND", "the benchmark is gone"))).toBe(true);
    expect(isPermanentFailure(new AppError("INTERNAL", "x"))).toBe(false);
    expect(isPermanentFailure(new Error("x", { cause: new AppError("INVALID_UPLOAD", "x") }))).toBe(true);
    expect(isPermanentFailure(new Error("x", { cause: new Error("y") }))).toBe(false);
    expect(isPermanentFailure("a string")).toBe(false);
  });
});
