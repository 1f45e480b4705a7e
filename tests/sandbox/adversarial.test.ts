import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, listSandboxContainers, OBSERVATION_REPR_MAX, sandboxOwnerTag, type ExecResult, type Sandbox } from "@/lib/sandbox";
import { ADVERSARIAL_CASES, adversarialPair, type AdversarialCase } from "./adversarial-cases";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// The adversarial suite on both backends: every case ends with one of its allowed outcomes
// (never a pass for a wrong answer), in one concurrent batch and, for the cases that try to
// reach a later pair, in order on a sandbox of one lane; the sandbox keeps working afterwards,
// and once closed nothing it started is left: no container, no process, no cgroup.

function check(c: AdversarialCase, r: ExecResult): void {
  const got = { id: c.id, outcomes: r.outcomes, allowed: r.outcomes.map((o, i) => c.expected[i]?.includes(o) ?? false) };
  expect(got).toEqual({ id: c.id, outcomes: r.outcomes, allowed: c.tests.map(() => true) });
  expect({ id: c.id, inProcess: r.inProcessTests }).toEqual({ id: c.id, inProcess: c.inProcess ?? [] });
  // Whatever the case tries, what the judge reports of it is bounded, plain text, and absent
  // for the tests it did not judge (those run the old way); none at all for a pair the pool
  // settled itself (its lane died).
  expect({ id: c.id, aligned: r.observations === null || r.observations.length === c.tests.length }).toEqual({ id: c.id, aligned: true });
  for (const [i, o] of (r.observations ?? []).entries()) {
    if (r.inProcessTests.includes(i)) expect({ id: c.id, i, o }).toEqual({ id: c.id, i, o: null });
    // eslint-disable-next-line no-control-regex -- the characters a repr must never hold
    if (o?.returned !== undefined) expect({ id: c.id, i, ok: [...o.returned].length <= OBSERVATION_REPR_MAX && !/[\u0000-\u001f]/.test(o.returned) }).toEqual({ id: c.id, i, ok: true });
  }
}

/** Processes on this host still inside one of this process's lane cgroups. */
function laneProcesses(): number[] {
  const mark = `/execboard-sandbox/${sandboxOwnerTag()}-`;
  return readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cgroup`, "utf8").includes(mark);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function laneCgroups(): string[] {
  try {
    return readdirSync("/sys/fs/cgroup/pids/execboard-sandbox").filter((n) => n.startsWith(`${sandboxOwnerTag()}-`));
  } catch {
    return [];
  }
}

describe.each(["docker", "process"] as const)("adversarial suite on the %s backend", (backend) => {
  let sandbox: Sandbox;
  let lane: Sandbox;
  const results = new Map<string, ExecResult>();

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend, concurrency: 2 });
    lane = await createSandbox({ backend, concurrency: 1 });
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
    await lane?.close();
  });

  it(`has at least 80 cases, each listing an allowed outcome per test`, () => {
    expect(ADVERSARIAL_CASES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(ADVERSARIAL_CASES.map((c) => c.id)).size).toBe(ADVERSARIAL_CASES.length);
    for (const c of ADVERSARIAL_CASES) expect({ id: c.id, n: c.expected.length }).toEqual({ id: c.id, n: c.tests.length });
  });

  it("never passes a wrong answer, in one concurrent batch", { timeout: 300_000 }, async () => {
    const batch = ADVERSARIAL_CASES.filter((c) => !c.after);
    const out = await sandbox.run(batch.map(adversarialPair));
    batch.forEach((c, i) => results.set(c.id, out[i]));
    for (const [i, c] of batch.entries()) check(c, out[i]);
  });

  it("lets no pair change a later pair's outcome, in order on one lane", { timeout: 300_000 }, async () => {
    for (const c of ADVERSARIAL_CASES.filter((x) => x.after)) {
      const [r] = await lane.run([adversarialPair(c)]);
      results.set(c.id, r);
      check(c, r);
    }
  });

  it("fails no batch over a pair's labels, even as the first pairs of a fresh sandbox", { timeout: 120_000 }, async () => {
    const fresh = await createSandbox({ backend, concurrency: 1 });
    try {
      const labelled = ADVERSARIAL_CASES.filter((c) => c.group === "labels");
      const square = { id: "square", code: "def square(x):\n    return x * x\n", tests: ["assert square(3) == 9"] };
      const out = await fresh.run([...labelled.map(adversarialPair), square]);
      labelled.forEach((c, i) => check(c, out[i]));
      expect(out.at(-1)?.outcomes).toEqual(["pass"]);
    } finally {
      await fresh.close();
    }
  });

  it("keeps working after all of it", async () => {
    for (const s of [sandbox, lane]) {
      const [r] = await s.run([{ id: "alive", code: "def square(x):\n    return x * x\n", tests: ["assert square(2) == 4"] }]);
      expect(r.outcomes).toEqual(["pass"]);
    }
  });

  it("leaves nothing behind once closed", { timeout: 60_000 }, async () => {
    await sandbox.close();
    await lane.close();
    if (backend === "docker") {
      expect((await listSandboxContainers()).filter((c) => c.owner === sandboxOwnerTag())).toEqual([]);
    } else {
      expect(laneProcesses()).toEqual([]);
      expect(laneCgroups()).toEqual([]);
    }
    // The table in docker/SANDBOX.md comes from these lines.
    for (const c of ADVERSARIAL_CASES) console.log(`[adversarial] ${backend} ${c.id} ${results.get(c.id)?.outcomes.join(",") ?? "(labels run)"}`);
  });
});
