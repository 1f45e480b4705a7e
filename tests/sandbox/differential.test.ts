import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { DIFFERENTIAL_PAIRS } from "./differential-cases";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";
import { runInPlainPython } from "./python-reference";

// The judge against Python itself: every test of the differential cases (floats, strings,
// bytes, big ints, containers, stdlib values, exceptions, classes, closures, callbacks,
// mutation, generators, loops, globals, enums and dataclasses, slices, type checks, prints and
// files, wrong code, code that does not load) gets the outcome plain Python gives it, label for
// label, on both backends. A correct snippet judged wrong, or a wrong one judged right, shows up
// here as a difference.
describe.each(["docker", "process"] as const)("verdicts against plain Python on the %s backend", (backend) => {
  let sandbox: Sandbox;
  let reference: string[][];

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend, concurrency: 2 });
    reference = [];
    for (const pair of DIFFERENTIAL_PAIRS) reference.push(await runInPlainPython(pair));
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("gives every test the outcome Python gives it", { timeout: 120_000 }, async () => {
    const results = await sandbox.run(DIFFERENTIAL_PAIRS);
    const differences: string[] = [];
    let tests = 0;
    for (const [i, pair] of DIFFERENTIAL_PAIRS.entries()) {
      for (const [j, test] of pair.tests.entries()) {
        tests++;
        if (results[i].outcomes[j] !== reference[i][j]) differences.push(`${pair.id}[${j}] ${JSON.stringify(test)}: ours ${results[i].outcomes[j]}, Python ${reference[i][j]}`);
      }
    }
    expect(differences).toEqual([]);
    expect(tests).toBeGreaterThan(250);
    // The suite holds both sides: honest tests Python passes and wrong code it fails.
    const outcomes = reference.flat();
    expect(outcomes.filter((o) => o === "pass").length).toBeGreaterThan(200);
    expect(outcomes.filter((o) => o !== "pass").length).toBeGreaterThanOrEqual(10);
  });
});
