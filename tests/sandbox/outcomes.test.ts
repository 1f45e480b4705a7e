import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS, OUTCOME_CASES } from "./helpers";

// Every outcome category, on both backends, in one batch (so a TIMEOUT or a crash in one pair
// must not disturb the others).
describe.each(["docker", "process"] as const)("%s backend outcomes", (backend) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend });
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("reports the backend it is", () => {
    expect(sandbox.backend).toBe(backend);
    expect(sandbox.isolation).toBe(backend === "docker" ? "container" : "namespaces");
    expect(sandbox.limitations).toEqual([]);
  });

  it("classifies every case and keeps results in input order", async () => {
    const seen: string[] = [];
    const results = await sandbox.run(
      OUTCOME_CASES.map((c) => c.pair),
      { onResult: (r) => seen.push(r.id) },
    );
    expect(results.map((r) => r.id)).toEqual(OUTCOME_CASES.map((c) => c.pair.id));
    expect(seen.sort()).toEqual(OUTCOME_CASES.map((c) => c.pair.id).sort());
    for (const [i, c] of OUTCOME_CASES.entries()) {
      expect({ id: c.pair.id, outcomes: results[i].outcomes }).toEqual({ id: c.pair.id, outcomes: c.expected });
      expect({ id: c.pair.id, inProcess: results[i].inProcessTests }).toEqual({ id: c.pair.id, inProcess: c.inProcess ?? [] });
      expect(results[i].passed).toBe(c.expected.every((o) => o === "pass"));
      expect(results[i].durationMs).toBeGreaterThanOrEqual(0);
    }
  });
});
