import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { sha256 } from "@/lib/execution/hash";
import { pairKey, runPairsCached } from "@/lib/execution/run-cached";
import { createSandbox, RUNNER_VERSION, type Sandbox } from "@/lib/sandbox";

// The execution cache keeps, per pair, which tests ran the old way (in the candidate's
// process) and what the judge saw of each test, and a cached pair never reaches a sandbox again.
describe("execution cache", () => {
  let sandbox: Sandbox;
  const code = `def double(x):\n    return 2 * x\n# ${process.pid}-${Date.now()}\n`;
  const tests = ["assert double(2) == 4", "for x in (2,):\n    assert double(x) == 4"]; // the second runs the old way

  beforeAll(async () => {
    sandbox = await createSandbox({ backend: "process", concurrency: 1 });
  });

  afterAll(async () => {
    await sandbox.close();
    await db().execution.deleteMany({ where: { codeHash: sha256(code) } });
    await disconnectDb();
  });

  it("stores the in-process tests with the outcomes and serves them from the cache", async () => {
    const first = await runPairsCached([{ code, tests }], { sandbox });
    const fresh = first.get(pairKey(code, tests))!;
    expect(fresh).toEqual({ outcomes: ["pass", "pass"], passed: true, cached: false, inProcessTests: [1], durationMs: expect.any(Number) });
    const row = await db().execution.findFirst({ where: { codeHash: sha256(code), runnerVersion: RUNNER_VERSION } });
    expect(row).toMatchObject({ outcomes: ["pass", "pass"], passed: true, inProcessTests: [1], backend: "process" });
    // The split test's value, as the judge decoded it; the test run the old way has none.
    expect(row?.observations).toEqual([{ returned: "4", truncated: false }, null]);
    const before = sandbox.stats().started;
    const again = await runPairsCached([{ code, tests }], { sandbox });
    // The cache hands back the duration measured when the pair ran.
    expect(again.get(pairKey(code, tests))).toEqual({ outcomes: ["pass", "pass"], passed: true, cached: true, inProcessTests: [1], durationMs: fresh.durationMs });
    expect(sandbox.stats().started).toBe(before);
  });
});
