import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cgroupProblem, createLaneCgroup, sweepLaneCgroups } from "@/lib/sandbox/host-cgroup";
import { sandboxInstanceId } from "@/lib/sandbox/instance-id";

// The process backend's lane cgroups are named after their owner's random instance id: a
// sweep removes its own untracked ones, and never another owner's that holds a process (a live
// lane) or was made a moment ago, whatever that owner's host or pid.

const PIDS = "/sys/fs/cgroup/pids/execboard-sandbox";

describe("lane cgroup sweeps", async () => {
  const usable = (await cgroupProblem()) === undefined;

  it.runIf(usable)("give each lane one CPU, 512 MiB without swap and 64 processes, named after our instance id", async () => {
    const lane = await createLaneCgroup({ memoryBytes: 512 * 1024 * 1024, pids: 64, cpus: 1 });
    try {
      const mine = readdirSync(PIDS).filter((n) => n.startsWith(`${sandboxInstanceId()}-`));
      expect(mine.length).toBeGreaterThan(0);
      const name = mine.at(-1)!;
      const read = (c: string, f: string) => readFileSync(path.join("/sys/fs/cgroup", c, "execboard-sandbox", name, f), "utf8").trim();
      expect(Number(read("cpu", "cpu.cfs_quota_us")) / Number(read("cpu", "cpu.cfs_period_us"))).toBe(1);
      expect(read("pids", "pids.max")).toBe("64");
      expect(read("memory", "memory.limit_in_bytes")).toBe(String(512 * 1024 * 1024));
    } finally {
      await lane.destroy();
    }
  });

  it.runIf(usable)("remove only what nobody uses", { timeout: 30_000 }, async () => {
    const foreignLive = path.join(PIDS, "another-instance-live-1");
    const foreignFresh = path.join(PIDS, "another-instance-fresh-1");
    const ownStale = path.join(PIDS, `${sandboxInstanceId()}-999999`);
    for (const dir of [foreignLive, foreignFresh, ownStale]) mkdirSync(dir, { recursive: true });
    const sleeper = spawn("/bin/sleep", ["30"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(foreignLive, "cgroup.procs"), String(sleeper.pid));
      await sweepLaneCgroups();
      expect({ foreignLive: existsSync(foreignLive), foreignFresh: existsSync(foreignFresh), ownStale: existsSync(ownStale), sleeperAlive: sleeper.exitCode === null && !sleeper.killed }).toEqual({
        foreignLive: true,
        foreignFresh: true,
        ownStale: false,
        sleeperAlive: true,
      });
    } finally {
      sleeper.kill("SIGKILL");
      await new Promise((r) => sleeper.once("close", r));
      for (const dir of [foreignLive, foreignFresh, ownStale]) {
        for (let i = 0; i < 50 && existsSync(dir); i++) {
          try {
            rmdirSync(dir);
          } catch {
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      }
    }
  });
});
