import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RUNNER_VERSION } from "@/lib/sandbox/types";

// Cached results are keyed by RUNNER_VERSION; the Python and TypeScript copies must agree.
describe("RUNNER_VERSION", () => {
  it("matches docker/runner/runner.py", () => {
    const source = readFileSync(path.resolve(__dirname, "../../docker/runner/runner.py"), "utf8");
    const match = source.match(/^RUNNER_VERSION = "([^"]+)"$/m);
    expect(match?.[1]).toBe(RUNNER_VERSION);
  });
});
