import { beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "@/lib/sandbox";
import type { ExecPair, ExecResult } from "@/lib/sandbox/types";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS, OUTCOME_CASES, smallPairs } from "./helpers";

// Both backends must agree outcome for outcome; throughput is printed, not asserted.

async function runOn(backend: "docker" | "process", pairs: ExecPair[]): Promise<{ results: ExecResult[]; seconds: number }> {
  const sandbox = await createSandbox({ backend });
  try {
    await sandbox.run(smallPairs(4)); // warm the lanes so we time execution, not startup
    const started = performance.now();
    const results = await sandbox.run(pairs);
    return { results, seconds: (performance.now() - started) / 1000 };
  } finally {
    await sandbox.close();
  }
}

describe("docker and process backends", () => {
  beforeAll(() => void ensureSandboxImage(), IMAGE_TIMEOUT_MS);

  it("give identical outcomes on the same batch", async () => {
    const batch = [...OUTCOME_CASES.map((c) => c.pair), ...smallPairs(40)];
    const docker = await runOn("docker", batch);
    const processed = await runOn("process", batch);
    const strip = (rs: ExecResult[]) => rs.map(({ id, outcomes, passed }) => ({ id, outcomes, passed }));
    expect(strip(docker.results)).toEqual(strip(processed.results));
  });

  it("runs 500 small pairs on each backend (prints pairs/second)", async () => {
    const pairs = smallPairs(500);
    const expected = pairs.map((_, i) => (i % 5 === 0 ? ["pass", "pass", "FAIL"] : ["pass", "pass", "pass"]));
    for (const backend of ["docker", "process"] as const) {
      const { results, seconds } = await runOn(backend, pairs);
      expect(results.map((r) => r.outcomes)).toEqual(expected);
      console.log(`[sandbox] ${backend}: ${pairs.length} pairs in ${seconds.toFixed(2)} s = ${(pairs.length / seconds).toFixed(0)} pairs/s`);
    }
  });
});
