// The one way to queue work: enqueue(definition, payload) validates the payload against the
// job's schema and adds it under its deterministic id with its registered options, on the queue
// the definition names. One Queue (one Redis connection) per queue name and process; a process
// that should exit when done (the CLI, tests) calls closeQueue().
import { Queue } from "bullmq";
import type { z } from "zod";
import { getConfig } from "@/lib/config";
import { createRedis } from "./connection";
import { QUEUE_NAME, type JobDefinition, type QueueName } from "./jobs";

const globalForQueue = globalThis as unknown as { execboardQueues?: Map<QueueName, Queue> };

export function getQueue(name: QueueName = QUEUE_NAME): Queue {
  const queues = (globalForQueue.execboardQueues ??= new Map());
  let q = queues.get(name);
  if (!q) {
    q = new Queue(name, { connection: createRedis("queue"), prefix: getConfig().EXECBOARD_QUEUE_PREFIX });
    queues.set(name, q);
  }
  return q;
}

/** Queues one job; returns its id (an existing job of that id makes this a no-op). */
export async function enqueue<S extends z.ZodType, I>(def: JobDefinition<S, I>, payload: z.input<S>): Promise<string> {
  const data = def.schema.parse(payload);
  const jobId = def.jobId(data as I);
  const queue = getQueue(def.queue);
  if (def.replaceFinished) {
    const previous = await queue.getJob(jobId);
    if (previous && ["completed", "failed"].includes(await previous.getState())) await previous.remove();
  }
  await queue.add(def.name, data, {
    jobId,
    attempts: def.attempts,
    backoff: { type: "exponential", delay: def.backoffMs },
    removeOnComplete: { age: def.keepCompletedSeconds },
    removeOnFail: { age: def.keepFailedSeconds },
  });
  return jobId;
}

/** Closes every queue this process opened (and their Redis connections). */
export async function closeQueue(): Promise<void> {
  const queues = globalForQueue.execboardQueues;
  if (!queues) return;
  globalForQueue.execboardQueues = undefined;
  for (const q of queues.values()) {
    await q.close();
    await (await q.client).quit().catch(() => undefined);
  }
}
