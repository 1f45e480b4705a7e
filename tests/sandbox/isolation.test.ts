import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { bwrapOptions, runnerCommand } from "@/lib/sandbox/bwrap-command";
import { runnerDir } from "@/lib/sandbox/runner-script";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// What a candidate sees of its sandbox, from inside, on both backends: a uid of its own with
// no capabilities, the runner (PID 1, uid 0), the fork server and the judge (uid 10001) out of
// its reach, and a POSIX message-queue mount of the sandbox's own, which the runner sweeps.

const PROBE = [
  "import os",
  "def status(pid, key):",
  "    for line in open('/proc/%d/status' % pid):",
  "        if line.startswith(key + ':'):",
  "            return line.split()[1:]",
  "def me():",
  "    return {k: status(os.getpid(), k)[0] for k in ('Uid', 'Gid', 'CapEff', 'CapPrm', 'CapAmb')}",
  "def others():",
  "    pids = sorted(int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid())",
  "    return sorted(int(status(p, 'Uid')[0]) for p in pids)",
  "def reachable():",
  "    out = []",
  "    for p in (int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()):",
  "        try:",
  "            os.kill(p, 0)",
  "            out.append(p)",
  "        except OSError:",
  "            pass",
  "    return out",
  "def mounts():",
  "    return sorted(line.split()[4] + ' ' + line.split(' - ')[1].split()[0] for line in open('/proc/self/mountinfo') if '/dev/mqueue' in line)",
].join("\n");

describe.each(["docker", "process"] as const)("isolation of a candidate on the %s backend", (backend) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend, concurrency: 1 });
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("runs as uid 10002 with no capabilities, apart from the runner (0) and the judge (10001)", async () => {
    const [r] = await sandbox.run([
      {
        id: "uids",
        code: PROBE,
        tests: [
          "assert me() == {'Uid': '10002', 'Gid': '10002', 'CapEff': '0000000000000000', 'CapPrm': '0000000000000000', 'CapAmb': '0000000000000000'}",
          // PID 1 (the runner) and the fork server are uid 0; the judge is 10001.
          "assert others() == [0, 0, 10001]",
          "assert reachable() == []",
          "assert mounts() == ['/dev/mqueue mqueue']",
        ],
      },
    ]);
    expect(r.outcomes).toEqual(["pass", "pass", "pass", "pass"]);
  });
});

describe("the process backend's runner", () => {
  it.runIf(process.getuid?.() === 0)("refuses to start where /dev/mqueue is not a mount of the sandbox's own", () => {
    const options = bwrapOptions({ runnerDir: runnerDir(), privileged: true });
    const at = options.indexOf("--mqueue");
    const without = [...options.slice(0, at), ...options.slice(at + 2)];
    const run = spawnSync(getConfig().EXECBOARD_SANDBOX_BWRAP, [...without, ...runnerCommand(getConfig().EXECBOARD_SANDBOX_PYTHON)], { input: "", encoding: "utf8", timeout: 20_000 });
    expect(JSON.parse(run.stdout.split("\n")[0])).toEqual({ fatal: "/dev/mqueue is not a mqueue mount of its own (found nothing)" });
    expect(run.status).toBe(2);
  });
});
