import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { OUTCOME_PATTERN } from "@/lib/sandbox/runner-protocol";
import { runnerScriptPath } from "@/lib/sandbox/runner-script";

// The runner refuses to run at all unless Python runs with -I -B and unoptimised: an
// optimised interpreter strips asserts, so a run whose optimisation flag is set is an error.
// As root, the runner is run unprivileged, as the process backend runs it outside a sandbox.
const nobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

function start(flags: string[], as: object = nobody) {
  const env = { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv; // minimal on purpose
  return spawnSync("/usr/bin/python3.11", [...flags, runnerScriptPath()], { input: "", encoding: "utf8", timeout: 20_000, env, cwd: "/tmp", ...as });
}

describe("runner interpreter flags", () => {
  for (const flags of [["-O", "-I", "-B"], ["-OO", "-I", "-B"], ["-I"], ["-B"]]) {
    it(`refuses python3.11 ${flags.join(" ")}`, () => {
      const run = start(flags);
      expect(run.status).toBe(2);
      expect(JSON.parse(run.stdout.split("\n")[0])).toEqual({ fatal: expect.stringMatching(/must run as python3 -I -B and never optimised/) });
    });
  }

  it("greets with its version, flags and outcome grammar under -I -B", () => {
    const run = start(["-I", "-B"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.split("\n")[0])).toMatchObject({
      hello: { optimize: 0, isolated: 1, dontWriteBytecode: 1, pid1: false, separateUids: false, labelPattern: OUTCOME_PATTERN },
    });
  });

  it.runIf(process.getuid?.() === 0)("refuses to run as root with capabilities beyond CAP_KILL, CAP_SETUID and CAP_SETGID", () => {
    const run = start(["-I", "-B"], {});
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout.split("\n")[0])).toEqual({ fatal: expect.stringMatching(/holds capabilities it must not/) });
  });
});
