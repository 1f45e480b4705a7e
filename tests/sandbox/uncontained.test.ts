import { describe, expect, it } from "vitest";
import { ADVERSARIAL_CASES, adversarialPair } from "./adversarial-cases";
import { sandboxLoaderWithEnv } from "./helpers";

// The process backend where the host offers no namespaces (bubblewrap missing): it cannot
// contain fork or memory bombs, the network, host files or other processes, so it refuses to
// run untrusted code unless explicitly allowed. Allowed, it still decides every verdict
// outside the candidate's process: the fake-pass cases fail there as everywhere. The cases
// that test containment (resources, isolation, state) are not run there: it does not contain
// them, which is why it refuses by default.

const loadWith = sandboxLoaderWithEnv();

describe("process backend without namespaces", () => {
  it("refuses untrusted code, saying what it cannot contain", async () => {
    const { createSandbox } = await loadWith({ EXECBOARD_SANDBOX_BWRAP: "/nonexistent/bwrap" });
    await expect(createSandbox({ backend: "process" })).rejects.toThrow(
      /cannot contain untrusted code on this host \(no namespaces .*network, host files.*\)\. Use the Docker backend, or allow it explicitly.*--allow-uncontained/,
    );
  });

  it("when allowed, says it is less isolated and still never passes a fake", { timeout: 120_000 }, async () => {
    const { createSandbox } = await loadWith({ EXECBOARD_SANDBOX_BWRAP: "/nonexistent/bwrap" });
    const sandbox = await createSandbox({ backend: "process", allowUncontained: true, concurrency: 2 });
    try {
      expect(sandbox.isolation).toBe("process");
      expect(sandbox.limitations.join("\n")).toMatch(/no namespaces/);
      const cases = ADVERSARIAL_CASES.filter((c) => c.group === "verdict");
      const results = await sandbox.run(cases.map(adversarialPair));
      cases.forEach((c, i) => {
        const outcomes = results[i].outcomes;
        expect({ id: c.id, allowed: outcomes.map((o, t) => c.expected[t].includes(o)) }).toEqual({ id: c.id, allowed: outcomes.map(() => true) });
      });
    } finally {
      await sandbox.close();
    }
  });
});
