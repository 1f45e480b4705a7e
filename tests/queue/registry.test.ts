// The job registry is complete: every job defined in lib/queue/jobs.ts has exactly one handler,
// bound on the worker of the queue its definition names, so nothing enqueue() accepts can sit
// in a queue that no handler serves.
import { describe, expect, it } from "vitest";
import { EXECUTE_QUEUE_NAME, jobs, QUEUE_NAME } from "@/lib/queue/jobs";
import { EXECUTE_HANDLERS, MAIN_HANDLERS } from "@/workers/registry";

describe("the job registry", () => {
  it("binds one handler to every job definition, on the worker of its queue", () => {
    const byQueue = { [QUEUE_NAME]: MAIN_HANDLERS, [EXECUTE_QUEUE_NAME]: EXECUTE_HANDLERS };
    for (const def of Object.values(jobs)) {
      const bound = byQueue[def.queue].filter((h) => h.def.name === def.name);
      expect(bound, def.name).toHaveLength(1);
      expect(bound[0].def, def.name).toBe(def);
    }
    const names = [...MAIN_HANDLERS, ...EXECUTE_HANDLERS].map((h) => h.def.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.values(jobs).map((d) => d.name).sort());
  });

  it("gives each job the queue, retries and retention its definition states, and the main queue's defaults otherwise", () => {
    const policy = Object.fromEntries(
      Object.values(jobs).map((d) => [d.name, [d.queue, d.attempts, d.backoffMs, d.keepCompletedSeconds / 86400, d.keepFailedSeconds / 86400, d.replaceFinished ?? false]]),
    );
    expect(policy).toEqual({
      // [queue, attempts, first retry delay (ms), days kept completed, days kept failed, replaces a finished job]
      "score-submission": [QUEUE_NAME, 5, 2_000, 7, 30, false],
      "recompute-version-analysis": [QUEUE_NAME, 3, 2_000, 7, 30, true],
      "rescore-submission": [QUEUE_NAME, 3, 2_000, 7, 30, false],
      "upgrade-scoring-engine": [QUEUE_NAME, 5, 5_000, 30, 30, false],
      "execute-pairs": [EXECUTE_QUEUE_NAME, 3, 1_000, 1, 7, false],
    });
  });
});
