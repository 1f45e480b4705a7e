import { execFileSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { createSandbox, listSandboxContainers, sandboxOwnerTag, sweepSandboxContainers, type Sandbox } from "@/lib/sandbox";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// What the container adds over the process backend: no network, read-only root, no root user,
// no capabilities, a memory cap, and no containers left behind.

const check = (id: string, code: string, test: string) => ({ id, code, tests: [test] });

describe("docker sandbox isolation", () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    ensureSandboxImage();
    sandbox = await createSandbox({ backend: "docker" });
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("the image script is idempotent", () => {
    expect(ensureSandboxImage()).toMatch(/is up to date/);
  });

  it("blocks the network, the root filesystem, root and capabilities", async () => {
    const connect =
      "import socket\ndef reach(host, port):\n    try:\n        socket.create_connection((host, port), timeout=2).close()\n        return 'connected'\n    except OSError:\n        return 'blocked'\n";
    const write =
      "import errno\ndef write(path):\n    try:\n        open(path, 'w').write('x')\n        return 'written'\n    except OSError as e:\n        return errno.errorcode[e.errno]\n";
    const results = await sandbox.run([
      check("net-ip", connect, "assert reach('1.1.1.1', 80) == 'blocked'"),
      check("net-dns", connect, "assert reach('deb.debian.org', 80) == 'blocked'"),
      check("net-iface", "import socket", "assert [n for _, n in socket.if_nameindex()] == ['lo']"),
      check("ro-root", write, "assert write('/etc/pwned') == 'EROFS'"),
      check("ro-runner", write, "assert write('/opt/execboard/runner.py') == 'EROFS'"),
      check("tmp-ok", write, "assert write('/tmp/scratch') == 'written'"),
      check("uid", "import os", "assert os.getuid() == 10001 and os.geteuid() == 10001 and os.getgid() == 10001"),
      check("caps", "", "assert open('/proc/self/status').read().split('CapEff:')[1].split()[0] == '0000000000000000'"),
      check("big-alloc", "", "x = bytearray(700 * 1024 ** 2)\nassert len(x) > 0"),
      check("after-oom", "def f():\n    return 1", "assert f() == 1"),
    ]);
    const byId = Object.fromEntries(results.map((r) => [r.id, r.outcomes]));
    for (const id of ["net-ip", "net-dns", "net-iface", "ro-root", "ro-runner", "tmp-ok", "uid", "caps", "after-oom"]) {
      expect({ id, outcomes: byId[id] }).toEqual({ id, outcomes: ["pass"] });
    }
    // Over the 512 MiB container cap (under the 1 GiB rlimit): the OOM killer takes the child.
    expect(byId["big-alloc"]).toEqual(["FAIL:Crash"]);
  });

  it("cleans up processes a pair leaves behind, even ones that called setsid()", async () => {
    const escape =
      "import os, time\ndef escape():\n    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n            time.sleep(3600)\n        os._exit(0)\n";
    // Besides itself, a candidate may see only the runner (PID 1) and the fork server (its parent).
    const count = "import os\ndef others():\n    return sorted(int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, os.getpid(), os.getppid()))\n";
    const results = await sandbox.run(
      [check("escape", escape, "escape()\nimport time\ntime.sleep(0.2)"), check("count", count, "assert others() == [], others()")],
      {},
    );
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"]]);
  });

  it("cannot kill its runner; killing the fork server fails only that pair", async () => {
    await sandbox.run([check("warm-up", "", "assert True")]);
    const killers = [
      // PID 1 of the container ignores signals it has no handler for, even SIGKILL.
      check("kill-runner", "import os, signal\ndef f():\n    for s in (signal.SIGTERM, signal.SIGKILL):\n        os.kill(1, s)\n    return 1", "assert f() == 2"),
      // The fork server's death takes the child with it (or its wrong answer arrives first).
      check("kill-server", "import os, signal\ndef f():\n    os.kill(os.getppid(), signal.SIGKILL)\n    return 1", "assert f() == 2"),
    ];
    const after = Array.from({ length: 6 }, (_, i) => check(`after-${i}`, "def f():\n    return 2", "assert f() == 2"));
    const results = await sandbox.run([...killers, ...after]);
    expect(results[0].outcomes).toEqual(["FAIL"]);
    expect(["FAIL", "FAIL:Crash"]).toContain(results[1].outcomes[0]);
    expect(results.slice(2).every((r) => r.passed)).toBe(true);
  });

  it("sweeps containers whose owner process is gone", async () => {
    const id = execFileSync("docker", [
      "create",
      "--label", "execboard.sandbox=1",
      "--label", `execboard.sandbox.owner=${os.hostname()}/999999999`,
      "--network", "none",
      getConfig().EXECBOARD_SANDBOX_IMAGE,
    ]).toString().trim();
    expect((await listSandboxContainers()).map((c) => c.id)).toContain(id);
    expect(await sweepSandboxContainers()).toBeGreaterThanOrEqual(1);
    expect((await listSandboxContainers()).map((c) => c.id)).not.toContain(id);
  });

  it("leaves no containers behind after close", async () => {
    const mine = async () => (await listSandboxContainers()).filter((c) => c.owner === sandboxOwnerTag());
    await sandbox.run([check("warm", "", "assert True")]);
    expect((await mine()).length).toBeGreaterThan(0);
    await sandbox.close();
    expect(await mine()).toEqual([]);
  });
});
