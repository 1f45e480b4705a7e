import { execFileSync } from "node:child_process";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { createSandbox, listSandboxContainers, sandboxOwnerTag, sweepSandboxContainers, type Sandbox } from "@/lib/sandbox";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// What the container adds over the process backend: no network, read-only root, candidates
// without root or capabilities, a memory cap, one CPU, and no containers left behind; sweeps
// judge owners by their instance id, never by host and pid.

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
      check("uid", "import os", "assert os.getuid() == 10002 and os.geteuid() == 10002 and os.getgid() == 10002"),
      check("caps", "", "assert open('/proc/self/status').read().split('CapEff:')[1].split()[0] == '0000000000000000'"),
      check("cpu", "def quota():\n    d = '/sys/fs/cgroup/cpu/'\n    return int(open(d + 'cpu.cfs_quota_us').read()) / int(open(d + 'cpu.cfs_period_us').read())\n", "assert quota() == 1.0"),
      check("big-alloc", "", "x = bytearray(700 * 1024 ** 2)\nassert len(x) > 0"),
      check("after-oom", "def f():\n    return 1", "assert f() == 1"),
    ]);
    const byId = Object.fromEntries(results.map((r) => [r.id, r.outcomes]));
    for (const id of ["net-ip", "net-dns", "net-iface", "ro-root", "ro-runner", "tmp-ok", "uid", "caps", "cpu", "after-oom"]) {
      expect({ id, outcomes: byId[id] }).toEqual({ id, outcomes: ["pass"] });
    }
    // Over the 512 MiB container cap (under the 1 GiB rlimit): the OOM killer takes the child.
    expect(byId["big-alloc"]).toEqual(["FAIL:Crash"]);
  });

  it("cleans up processes a pair leaves behind, even ones that called setsid()", async () => {
    const escape =
      "import os, time\ndef escape():\n    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n            time.sleep(3600)\n        os._exit(0)\n";
    // Besides itself, a candidate may see only the runner (PID 1), the fork server (its parent)
    // and the judge (uid 10001).
    const count =
      "import os\ndef uid(p):\n    return [l.split()[1] for l in open('/proc/%s/status' % p) if l.startswith('Uid:')][0]\n" +
      "def others():\n    return sorted(int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, os.getpid(), os.getppid()) and uid(p) != '10001')\n";
    const results = await sandbox.run(
      [check("escape", escape, "escape()\nimport time\ntime.sleep(0.2)"), check("count", count, "assert others() == [], others()")],
      {},
    );
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"]]);
  });

  it("gives every lane one CPU, and the runner only the three capabilities it needs", async () => {
    await sandbox.run([check("warm-up", "", "assert True")]);
    const mine = (await listSandboxContainers()).filter((c) => c.owner === sandboxOwnerTag() && c.state === "running");
    expect(mine.length).toBeGreaterThan(0);
    let inspected = 0;
    for (const c of mine) {
      // A lane recycled after the listing (its container auto-removed) is no longer there to inspect.
      let out: string;
      try {
        out = execFileSync("docker", ["inspect", "--format", "{{json .HostConfig}}", c.id], { stdio: ["ignore", "pipe", "pipe"] }).toString();
      } catch (err) {
        if (/No such object/.test(String((err as { stderr?: Buffer }).stderr ?? ""))) continue;
        throw err;
      }
      inspected++;
      const host = JSON.parse(out);
      expect({ NanoCpus: host.NanoCpus, CapDrop: host.CapDrop, CapAdd: [...host.CapAdd].sort(), AutoRemove: host.AutoRemove }).toEqual({
        NanoCpus: 1e9,
        CapDrop: ["ALL"],
        CapAdd: ["KILL", "SETGID", "SETUID"],
        AutoRemove: true,
      });
    }
    expect(inspected).toBeGreaterThan(0);
  });

  it("cannot signal its runner, fork server or judge", async () => {
    await sandbox.run([check("warm-up", "", "assert True")]);
    // They run under other uids: every kill is refused, and the pairs after it run as usual.
    const kill = (target: string) =>
      check(`kill-${target}`, `import os, signal\ndef f():\n    refused = 0\n    for s in (signal.SIGSTOP, signal.SIGKILL):\n        try:\n            os.kill(${target}, s)\n        except PermissionError:\n            refused += 1\n    return refused`, "assert f() == 2");
    const judge = "[int(p) for p in os.listdir('/proc') if p.isdigit() and open('/proc/%s/status' % p).read().split('Uid:')[1].split()[0] == '10001'][0]";
    const after = Array.from({ length: 6 }, (_, i) => check(`after-${i}`, "def f():\n    return 2", "assert f() == 2"));
    const results = await sandbox.run([kill("1"), kill("os.getppid()"), kill(judge), ...after]);
    expect(results.map((r) => r.outcomes)).toEqual(results.map(() => ["pass"]));
  });

  it("sweeps what nobody will use, never another owner's running container, whatever its host and pid", async () => {
    const image = getConfig().EXECBOARD_SANDBOX_IMAGE;
    const labels = (owner: string, host: string) => ["--label", "execboard.sandbox=1", "--label", `execboard.sandbox.owner=${owner}`, "--label", `execboard.sandbox.host=${host}`];
    const sleep = ["--entrypoint", "/usr/bin/python3.11", image, "-c", "import time; time.sleep(120)"];
    const docker = (args: string[]) => execFileSync("docker", args).toString().trim();
    const me = `${os.hostname()}/${process.pid}`;
    // Live owners elsewhere: one whose host/pid reads like ours, one whose pid is dead here
    // (a worker in another PID namespace, a CLI in a container sharing our hostname).
    const twin = docker(["run", "-d", "--network", "none", ...labels("another-instance-a", me), ...sleep]);
    const elsewhere = docker(["run", "-d", "--network", "none", ...labels("another-instance-b", `${os.hostname()}/999999999`), ...sleep]);
    // Nobody's: another owner's container that has ended, and an untracked one of ours.
    const ended = docker(["create", "--network", "none", ...labels("another-instance-c", me), image]);
    docker(["start", ended]);
    docker(["wait", ended]);
    const stale = docker(["create", "--network", "none", ...labels(sandboxOwnerTag(), me), image]);
    try {
      expect(await sweepSandboxContainers()).toBeGreaterThanOrEqual(2);
      const left = new Map((await listSandboxContainers()).map((c) => [c.id, c]));
      expect({ twin: left.get(twin)?.state, elsewhere: left.get(elsewhere)?.state, ended: left.has(ended), stale: left.has(stale) }).toEqual({
        twin: "running",
        elsewhere: "running",
        ended: false,
        stale: false,
      });
      // Our own live lanes are spared too.
      expect((await sandbox.run([check("still", "", "assert True")]))[0].outcomes).toEqual(["pass"]);
    } finally {
      execFileSync("docker", ["rm", "-f", twin, elsewhere, ended, stale], { stdio: "ignore" });
    }
  });

  it("leaves no containers behind after close", async () => {
    const mine = async () => (await listSandboxContainers()).filter((c) => c.owner === sandboxOwnerTag());
    await sandbox.run([check("warm", "", "assert True")]);
    expect((await mine()).length).toBeGreaterThan(0);
    await sandbox.close();
    expect(await mine()).toEqual([]);
  });
});
