import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rmdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// cgroup v1 limits for the process backend's lanes, when this process may create cgroups
// (root on a cgroup v1 host): memory without swap, a process-count cap and one CPU per lane,
// as Docker gives each container. Without them a fork or memory bomb could take the host
// down, so the process backend reports itself uncontained (lib/sandbox/process-backend.ts).
// cgroup v2 hosts are not handled yet: they count as "no cgroups".

const ROOT = "/sys/fs/cgroup";
const PARENT = "execboard-sandbox";
const REQUIRED = ["memory", "pids"] as const;
const OPTIONAL = ["cpu"] as const;

export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
  cpus: number;
}

export interface LaneCgroup {
  /** Moves a process (before it forks anything) into the lane's cgroups. */
  attach(pid: number): Promise<void>;
  /** SIGKILLs everything still inside, then removes the cgroups. */
  destroy(): Promise<void>;
}

let seq = 0;

function dirs(controllers: readonly string[], name: string): string[] {
  return controllers.map((c) => path.join(ROOT, c, PARENT, name));
}

/** Why lane cgroups cannot be used here, or undefined when they can. */
export async function cgroupProblem(): Promise<string | undefined> {
  if (existsSync(path.join(ROOT, "cgroup.controllers"))) return "cgroup v2 host (only cgroup v1 is supported)";
  if (process.getuid?.() !== 0) return "creating cgroups needs root";
  for (const c of REQUIRED) {
    try {
      await mkdir(path.join(ROOT, c, PARENT), { recursive: true });
    } catch (err) {
      return `cannot create ${path.join(ROOT, c, PARENT)}: ${(err as Error).message}`;
    }
  }
  return undefined;
}

async function writeIfPresent(file: string, value: string): Promise<void> {
  if (existsSync(file)) await writeFile(file, value);
}

export async function createLaneCgroup(limits: CgroupLimits): Promise<LaneCgroup> {
  const name = `${os.hostname()}-${process.pid}-${++seq}`;
  const controllers = [...REQUIRED, ...OPTIONAL.filter((c) => existsSync(path.join(ROOT, c)))];
  const paths = dirs(controllers, name);
  for (const p of paths) await mkdir(p, { recursive: true });
  const [memory, pids] = paths;
  await writeFile(path.join(memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
  await writeIfPresent(path.join(memory, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes)); // no swap
  await writeFile(path.join(pids, "pids.max"), String(limits.pids));
  if (paths[2]) {
    await writeFile(path.join(paths[2], "cpu.cfs_period_us"), "100000");
    await writeFile(path.join(paths[2], "cpu.cfs_quota_us"), String(Math.round(100000 * limits.cpus)));
  }
  return {
    attach: async (pid) => {
      for (const p of paths) await writeFile(path.join(p, "cgroup.procs"), String(pid));
    },
    destroy: () => removeCgroups(paths),
  };
}

async function members(dir: string): Promise<number[]> {
  try {
    return (await readFile(path.join(dir, "cgroup.procs"), "utf8")).split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function removeCgroups(paths: string[]): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const pids = [...new Set((await Promise.all(paths.map(members))).flat())];
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    const left = [];
    for (const p of paths) {
      try {
        await rmdir(p);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") left.push(p);
      }
    }
    if (left.length === 0) return;
    paths = left;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`could not remove cgroups ${paths.join(", ")}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes lane cgroups of this host whose owning process is gone. */
export async function sweepLaneCgroups(): Promise<number> {
  const host = os.hostname();
  let removed = 0;
  const names = new Set<string>();
  for (const c of [...REQUIRED, ...OPTIONAL]) {
    try {
      for (const n of await readdir(path.join(ROOT, c, PARENT))) names.add(n);
    } catch {
      // controller or parent missing
    }
  }
  for (const name of names) {
    const owner = Number(name.slice(host.length + 1).split("-")[0]);
    if (!name.startsWith(`${host}-`) || !Number.isInteger(owner) || alive(owner)) continue;
    await removeCgroups(dirs([...REQUIRED, ...OPTIONAL], name).filter((p) => existsSync(p)));
    removed++;
  }
  return removed;
}
