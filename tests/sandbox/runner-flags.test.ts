import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runnerScriptPath } from "@/lib/sandbox/runner-script";

// The runner refuses to run at all unless Python runs with -I -B and unoptimised: an
// optimised interpreter strips asserts, so a run whose optimisation flag is set is an error.
function start(flags: string[]) {
  const env = { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv; // minimal on purpose
  return spawnSync("/usr/bin/python3.11", [...flags, runnerScriptPath()], { input: "", encoding: "utf8", timeout: 20_000, env });
}

describe("runner interpreter flags", () => {
  for (const flags of [["-O", "-I", "-B"], ["-OO", "-I", "-B"], ["-I"], ["-B"]]) {
    it(`refuses python3.11 ${flags.join(" ")}`, () => {
      const run = start(flags);
      expect(run.status).toBe(2);
      expect(JSON.parse(run.stdout.split("\n")[0])).toEqual({ fatal: expect.stringMatching(/must run as python3 -I -B and never optimised/) });
    });
  }

  it("greets with its version and flags under -I -B", () => {
    const run = start(["-I", "-B"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.split("\n")[0])).toMatchObject({ hello: { optimize: 0, isolated: 1, dontWriteBytecode: 1, pid1: false } });
  });
});
