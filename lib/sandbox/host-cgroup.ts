import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sandboxInstanceId } from "./instance-id";

// cgroup v1 limits for the process backend's lanes, when this process may create cgroups
// (root on a cgroup v1 host): memory without swap, a process-count cap and one CPU per lane,
// as Docker gives each container. Without them a fork or memory bomb could take the host
// down, so the process backend reports itself uncontained (lib/sandbox/process-backend.ts).
// cgroup v2 hosts are not handled yet: they count as "no cgroups". Lane cgroups are named
// after their owner's instance id; a sweep removes its own untracked ones, and another owner's
// only once they hold no process and are older than a minute (a live lane always holds its
// runner; a dead owner's lanes die with it, as bubblewrap dies with its parent).

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
const live = new Set<string>(); // this process's lane cgroups, by name
const STALE_EMPTY_MS = 60_000;

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
  const name = `${sandboxInstanceId()}-${++seq}`;
  const controllers = [...REQUIRED, ...OPTIONAL.filter((c) => existsSync(path.join(ROOT, c)))];
  const paths = dirs(controllers, name);
  live.add(name);
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
    destroy: async () => {
      await removeCgroups(paths);
      live.delete(name);
    },
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

async function staleAndEmpty(paths: string[]): Promise<boolean> {
  for (const p of paths) {
    if ((await members(p)).length > 0) return false;
    try {
      if (Date.now() - (await stat(p)).mtimeMs < STALE_EMPTY_MS) return false;
    } catch {
      // gone meanwhile
    }
  }
  return true;
}

/** Removes lane cgroups nobody uses: this process's untracked ones, others' long empty ones. */
export async function sweepLaneCgroups(): Promise<number> {
  const me = `${sandboxInstanceId()}-`;
  let removed = 0;
  const names = new Set<string>();
  for (const c of [...REQUIRED, ...OPTIONAL]) {
    try {
      for (const e of await readdir(path.join(ROOT, c, PARENT), { withFileTypes: true })) if (e.isDirectory()) names.add(e.name);
    } catch {
      // controller or parent missing
    }
  }
  for (const name of names) {
    const paths = dirs([...REQUIRED, ...OPTIONAL], name).filter((p) => existsSync(p));
    const ours = name.startsWith(me);
    if (ours ? live.has(name) : !(await staleAndEmpty(paths))) continue;
    await removeCgroups(paths);
    removed++;
  }
  return removed;
}
