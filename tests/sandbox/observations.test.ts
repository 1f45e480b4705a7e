import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type ExecResult, type Sandbox } from "@/lib/sandbox";
import { OBSERVATION_REPR_MAX } from "@/lib/sandbox/types";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";
import { MANY_OBSERVATIONS, OBSERVATION_CASES } from "./observation-cases";

// Per-test observations on both backends: the judge's own repr of the value it decoded, cut to
// 200 characters, and the builtin exception type; never what the candidate prints, forges or
// has its __repr__ say, never at the cost of an outcome.
describe.each(["docker", "process"] as const)("observations on the %s backend", (backend) => {
  let sandbox: Sandbox;
  let results: ExecResult[];

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend, concurrency: 2 });
    results = await sandbox.run(OBSERVATION_CASES.map(({ id, code, tests, timeoutMs }) => ({ id, code, tests, timeoutMs })));
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("reports what the judge saw of each test, and outcomes as before", () => {
    for (const [i, c] of OBSERVATION_CASES.entries()) {
      expect({ id: c.id, outcomes: results[i].outcomes }).toEqual({ id: c.id, outcomes: c.outcomes });
      expect({ id: c.id, observations: results[i].observations }).toEqual({ id: c.id, observations: c.observations });
    }
  });

  it("never lets a forgery or a candidate's repr reach an observation", () => {
    const shown = JSON.stringify(results.map((r) => r.observations));
    expect(shown).not.toContain("FORGED");
    expect(shown).not.toContain("LIES");
    for (const o of results.flatMap((r) => r.observations ?? [])) {
      if (o?.returned === undefined) continue;
      expect([...o.returned].length).toBeLessThanOrEqual(OBSERVATION_REPR_MAX);
      // eslint-disable-next-line no-control-regex -- the characters a repr must never hold
      expect(o.returned).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    }
  });

  it("keeps a result within bounds when every test has a large observation", { timeout: 120_000 }, async () => {
    const [r] = await sandbox.run([MANY_OBSERVATIONS]);
    expect(r.outcomes).toEqual(MANY_OBSERVATIONS.tests.map(() => "FAIL"));
    expect(r.observations).toHaveLength(MANY_OBSERVATIONS.tests.length);
    const kept = r.observations!.findIndex((o) => o === null);
    // The first tests keep theirs (up to the runner's 256 KiB of them), the rest have none.
    expect(kept).toBeGreaterThan(50);
    expect(r.observations!.slice(kept).every((o) => o === null)).toBe(true);
    expect(r.observations![0]).toEqual({ returned: "'" + "\u{1F600}".repeat(OBSERVATION_REPR_MAX - 1), truncated: true });
  });
});
