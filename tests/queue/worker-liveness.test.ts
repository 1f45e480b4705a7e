import crypto from "node:crypto";
import { Worker } from "bullmq";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createRedis } from "@/lib/queue/connection";
import { closeQueue } from "@/lib/queue/enqueue";
import { QUEUE_NAME } from "@/lib/queue/jobs";
import { livenessWarning, workerLiveness } from "@/lib/queue/worker-liveness";

// How many workers are alive, as Redis sees their connections, on a queue prefix of this test's
// own: none at first (and the health answer says submissions will wait), one while a worker is
// connected, none again the moment it is gone.
const prefix = `liveness-${crypto.randomUUID().slice(0, 8)}`;
vi.stubEnv("EXECBOARD_QUEUE_PREFIX", prefix);

afterAll(async () => {
  await closeQueue();
});

describe("worker liveness", () => {
  it("counts the workers connected to the queue, and warns when there are none", async () => {
    const none = await workerLiveness();
    expect(none).toEqual({ scoring: 0, executing: 0 });
    expect(livenessWarning(none)).toMatch(/no worker is running: submissions wait in the queue/);

    const worker = new Worker(QUEUE_NAME, async () => undefined, { connection: createRedis("worker"), prefix });
    await worker.waitUntilReady();
    // The worker names its blocking connection once it starts fetching jobs.
    let seen = await workerLiveness();
    for (let i = 0; i < 50 && seen?.scoring !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await workerLiveness();
    }
    expect(seen?.scoring).toBe(1);
    expect(livenessWarning(seen)).toBeNull();

    await worker.close(true);
    let after = await workerLiveness();
    for (let i = 0; i < 50 && after?.scoring !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await workerLiveness();
    }
    expect(after?.scoring).toBe(0);
  });

  it("says the queue does not answer when Redis is unreachable", () => {
    expect(livenessWarning(null)).toMatch(/Redis\) does not answer/);
  });
});
