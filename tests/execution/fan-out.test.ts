import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import type { ChunkReport } from "@/lib/execution/execute-chunk";
import { closeExecuteQueue, getExecuteQueue } from "@/lib/execution/execute-queue";
import { runPairsFanOut } from "@/lib/execution/fan-out";
import { pairKey, type PairVerdict } from "@/lib/execution/run-cached";
import { sha256 } from "@/lib/execution/hash";
import { createSandbox } from "@/lib/sandbox";
import { startExecutor, stopExecutor, type Executor } from "./executors";

// Execution fanned out over the execution queue: separate worker processes execute one
// batch together, one killed mid-batch loses nothing and duplicates nothing, a coordinator
// with nobody to help finishes alone, and a chunk that keeps failing fails the batch. Jobs go
// through a queue prefix of this file's own, so no other worker sees them.
const PREFIX = `fanout-${process.pid}`;
process.env.EXECBOARD_QUEUE_PREFIX = PREFIX;
const EXECUTOR_ENV = {
  EXECBOARD_QUEUE_PREFIX: PREFIX,
  EXECBOARD_JOB_LOCK_MS: "3000",
  EXECBOARD_SANDBOX_BACKEND: "process",
  EXECBOARD_SANDBOX_CONCURRENCY: "1",
  EXECBOARD_EXECUTE_CONCURRENCY: "1",
};
const CHUNK = 8;

/** `n` pairs no cache has seen; each sleeps `sleepMs`, and pair i passes unless i % 5 == 4. */
function freshPairs(n: number, sleepMs: number) {
  const nonce = `${PREFIX}-${Date.now()}-${Math.random()}`;
  return Array.from({ length: n }, (_, i) => ({
    code: `import time\ndef f(x):\n    time.sleep(${sleepMs / 1000})\n    return x * ${i}\n# ${nonce}\n`,
    tests: [`assert f(2) == ${i % 5 === 4 ? -1 : 2 * i}`],
  }));
}

/** Verdicts in the order of `pairs`: did each pass? */
function passes(verdicts: Map<string, PairVerdict>, pairs: { code: string; tests: string[] }[]): boolean[] {
  return pairs.map((p) => verdicts.get(pairKey(p.code, p.tests))!.passed);
}

const expectedPasses = (pairs: unknown[]) => pairs.map((_, i) => i % 5 !== 4);

async function rowCount(pairs: { code: string }[]): Promise<number> {
  return db().execution.count({ where: { codeHash: { in: pairs.map((p) => sha256(p.code)) } } });
}

async function reports(): Promise<ChunkReport[]> {
  const done = await getExecuteQueue().getJobs(["completed"]);
  return done.map((j) => j.returnvalue as ChunkReport);
}

describe("execution fanned out across worker processes", () => {
  const executors: Executor[] = [];
  const written: { code: string }[] = [];

  afterEach(async () => {
    for (const e of executors.splice(0)) await stopExecutor(e);
    await getExecuteQueue().obliterate({ force: true });
  });

  afterAll(async () => {
    await db().execution.deleteMany({ where: { codeHash: { in: written.map((p) => sha256(p.code)) } } });
    await closeExecuteQueue();
    await disconnectDb();
  });

  it("lets two worker processes execute one batch together", { timeout: 120_000 }, async () => {
    executors.push(await startExecutor(EXECUTOR_ENV), await startExecutor(EXECUTOR_ENV));
    const pairs = freshPairs(8 * CHUNK, 40);
    written.push(...pairs);
    const verdicts = await runPairsFanOut(pairs, { chunkSize: CHUNK });
    expect(passes(verdicts, pairs)).toEqual(expectedPasses(pairs));
    expect(await rowCount(pairs)).toBe(pairs.length);
    const byExecutor = new Map<string, number>();
    for (const r of await reports()) byExecutor.set(r.executor, (byExecutor.get(r.executor) ?? 0) + r.executed);
    expect([...byExecutor.keys()].sort()).toEqual(executors.map((e) => e.tag).sort());
    expect([...byExecutor.values()].reduce((a, b) => a + b, 0)).toBe(pairs.length);
  });

  it("loses nothing and duplicates nothing when a worker is killed mid-batch", { timeout: 180_000 }, async () => {
    const first = await startExecutor(EXECUTOR_ENV);
    executors.push(first);
    const pairs = freshPairs(6 * CHUNK, 120);
    written.push(...pairs);
    const run = runPairsFanOut(pairs, { chunkSize: CHUNK });
    const deadline = Date.now() + 60_000;
    while ((await rowCount(pairs)) < CHUNK + 2) {
      if (Date.now() > deadline) throw new Error("the first executor never got going");
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill("SIGKILL");
    await first.exited;
    const recordedBeforeKill = await rowCount(pairs);
    expect(recordedBeforeKill).toBeLessThan(pairs.length);
    const second = await startExecutor(EXECUTOR_ENV);
    executors.push(second);
    const verdicts = await run;
    expect(passes(verdicts, pairs)).toEqual(expectedPasses(pairs));
    // Every pair recorded exactly once, and the second executor ran only what was not.
    expect(await rowCount(pairs)).toBe(pairs.length);
    const mine = (await reports()).filter((r) => r.executor === second.tag);
    expect(mine.reduce((n, r) => n + r.executed, 0)).toBe(pairs.length - recordedBeforeKill);
    expect(mine.some((r) => r.cached > 0)).toBe(true); // it took over the interrupted chunk
  });

  it("finishes alone when no worker takes its chunks", { timeout: 120_000 }, async () => {
    const sandbox = await createSandbox({ backend: "process", concurrency: 1 });
    try {
      const pairs = freshPairs(3 * CHUNK, 0);
      written.push(...pairs);
      const verdicts = await runPairsFanOut(pairs, { chunkSize: CHUNK, sandbox });
      expect(passes(verdicts, pairs)).toEqual(expectedPasses(pairs));
      // It claimed every chunk itself: no job was left for, or run by, anyone else.
      const counts = await getExecuteQueue().getJobCounts("waiting", "active", "completed", "failed");
      expect([counts.waiting, counts.active, counts.completed, counts.failed]).toEqual([0, 0, 0, 0]);
    } finally {
      await sandbox.close();
    }
  });

  it("fails the batch when a chunk keeps failing", { timeout: 120_000 }, async () => {
    // An executor whose sandbox cannot run anything: its runner's interpreter exits at once.
    executors.push(await startExecutor({ ...EXECUTOR_ENV, EXECBOARD_SANDBOX_PYTHON: "/usr/bin/false", EXECBOARD_SANDBOX_ALLOW_UNCONTAINED: "1" }));
    const pairs = freshPairs(2 * CHUNK, 0);
    await expect(runPairsFanOut(pairs, { chunkSize: CHUNK })).rejects.toThrow(/executing 8 pairs failed: .*sandbox runner keeps failing/);
  });
});
