import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { bwrapOptions, runnerCommand } from "./bwrap-command";
import { cgroupProblem, createLaneCgroup, sweepLaneCgroups, type LaneCgroup } from "./host-cgroup";
import { RunnerPool, type RunnerEvents, type RunnerProcess } from "./runner-pool";
import { runnerDir, runnerScriptPath } from "./runner-script";
import type { Sandbox, SandboxIsolation } from "./types";

// The same runner for machines without Docker, under the strongest isolation the host offers:
// bubblewrap namespaces (runner as PID 1, no network, only /usr visible; started by root, the
// runner gives candidates and the judge uids of their own) with cgroup limits per lane (memory
// without swap, 64 processes, one CPU) when this process may create cgroups. Missing either, a
// fork or memory bomb, the network or host files are not contained, and the backend refuses to
// run untrusted code unless explicitly allowed; without root, candidates share the runner's uid
// (listed as a limitation).

const STDERR_TAIL = 4096;
const KILL_GRACE_MS = 500;
const NOBODY = 65534;
const LANE_LIMITS = { memoryBytes: 512 * 1024 * 1024, pids: 64, cpus: 1 };
const MINIMAL_ENV = { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" } as unknown as NodeJS.ProcessEnv; // the cast drops NODE_ENV, which Next's typings make mandatory

export interface ProcessSandboxOptions {
  /** Run even where the host cannot contain untrusted code (development only). */
  allowUncontained?: boolean;
  concurrency?: number;
}

interface Containment {
  isolation: SandboxIsolation;
  cgroups: boolean;
  /** bubblewrap runs as root: the runner can give candidates a uid of their own. */
  privileged: boolean;
  limitations: string[];
}

const isRoot = () => process.getuid?.() === 0;

/** Runs as the unprivileged `nobody` when we are root, so an uncontained runner owns nothing. */
function dropTo(): { uid: number; gid: number } | undefined {
  return isRoot() ? { uid: NOBODY, gid: NOBODY } : undefined;
}

function bwrapProblem(bwrap: string, python: string): string | undefined {
  const probe = spawnSync(bwrap, [...bwrapOptions({ runnerDir: runnerDir(), privileged: isRoot() }), python, "-I", "-c", "pass"], {
    env: MINIMAL_ENV,
    timeout: 10_000,
    encoding: "utf8",
  });
  if (probe.error) return `${bwrap}: ${probe.error.message}`;
  if (probe.status !== 0) return `${bwrap} cannot create namespaces here: ${(probe.stderr || "").trim().slice(0, 300)}`;
  return undefined;
}

export async function probeContainment(bwrap: string, python: string): Promise<Containment> {
  if (!python.startsWith("/usr/")) {
    return { isolation: "process", cgroups: false, privileged: false, limitations: [`${python} is outside /usr, which is all the sandbox shows`] };
  }
  const noBwrap = bwrapProblem(bwrap, python);
  const noCgroups = await cgroupProblem();
  const limitations: string[] = [];
  if (noBwrap) {
    limitations.push(
      `no namespaces (${noBwrap}): candidates see the network, host files and environment readable by their user, and other processes`,
    );
  }
  if (noCgroups) {
    limitations.push(`no cgroups (${noCgroups}): a fork or memory bomb is bounded only by per-process rlimits`);
  }
  const privileged = !noBwrap && isRoot();
  if (!noBwrap && !privileged) {
    limitations.push("not root: candidates run under the runner's uid (bubblewrap maps one uid), so a candidate can signal or re-limit the runner's other processes");
  }
  return { isolation: noBwrap ? "process" : "namespaces", cgroups: !noCgroups, privileged, limitations };
}

function startRunner(opts: { bwrap?: string; privileged: boolean; python: string; cwd: string; cgroups: boolean }) {
  return async (events: RunnerEvents): Promise<RunnerProcess> => {
    const cgroup: LaneCgroup | undefined = opts.cgroups ? await createLaneCgroup(LANE_LIMITS) : undefined;
    // The shell waits for one line, so the lane is inside its cgroups before bwrap forks.
    const argv = opts.bwrap
      ? [opts.bwrap, ...bwrapOptions({ runnerDir: runnerDir(), privileged: opts.privileged }), ...runnerCommand(opts.python)]
      : [opts.python, "-I", "-B", runnerScriptPath(), "--scratch", opts.cwd];
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn("/bin/sh", ["-c", 'read -r _ && exec "$0" "$@"', ...argv], {
        cwd: opts.cwd,
        env: MINIMAL_ENV,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true, // own process group: destroy() can kill the runner and what it left
        ...(opts.bwrap ? {} : dropTo()), // bubblewrap as root drops to the runner's capabilities itself
      });
      await new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      await cgroup?.attach(child.pid!);
    } catch (err) {
      await cgroup?.destroy();
      throw err;
    }
    let stderr = "";
    let destroyed = false;
    child.stdout.on("data", (chunk: Buffer) => events.onStdout(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.stdin.on("error", () => undefined); // EPIPE when the runner died; reported via exit
    const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
    child.once("close", (code, signal) => {
      if (!destroyed) events.onExit(`exit ${code ?? signal}; stderr: ${stderr.trim() || "(empty)"}`);
    });
    child.stdin.write("\n");
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    return {
      write: (line) => void child.stdin.write(line),
      destroy: async () => {
        if (destroyed) return exited;
        destroyed = true;
        // bwrap's sandbox dies with bwrap (and its PID namespace with its PID 1); the plain
        // runner kills its child on SIGTERM. The cgroup catches anything else.
        killGroup(opts.bwrap ? "SIGKILL" : "SIGTERM");
        const timer = setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS);
        await exited;
        clearTimeout(timer);
        await cgroup?.destroy();
      },
    };
  };
}

export async function createProcessSandbox(opts: ProcessSandboxOptions = {}): Promise<Sandbox> {
  const config = getConfig();
  const python = config.EXECBOARD_SANDBOX_PYTHON;
  const containment = await probeContainment(config.EXECBOARD_SANDBOX_BWRAP, python);
  const allowed = opts.allowUncontained ?? config.EXECBOARD_SANDBOX_ALLOW_UNCONTAINED;
  if (containment.limitations.length > 0 && !allowed) {
    throw new Error(
      `the process sandbox cannot contain untrusted code on this host (${containment.limitations.join("; ")}). ` +
        "Use the Docker backend, or allow it explicitly for trusted code: --allow-uncontained / EXECBOARD_SANDBOX_ALLOW_UNCONTAINED=1",
    );
  }
  if (containment.cgroups) await sweepLaneCgroups();
  // A scratch cwd per sandbox, writable by the unprivileged runner, removed on close.
  const cwd = await mkdtemp(path.join(os.tmpdir(), "execboard-sandbox-"));
  await chmod(cwd, 0o777);
  const bwrap = containment.isolation === "namespaces" ? config.EXECBOARD_SANDBOX_BWRAP : undefined;
  const pool = new RunnerPool({
    concurrency: opts.concurrency ?? config.EXECBOARD_SANDBOX_CONCURRENCY,
    start: startRunner({ bwrap, privileged: containment.privileged, python, cwd, cgroups: containment.cgroups }),
    pipelineDepth: 2,
    require: { pid1: bwrap !== undefined, separateUids: containment.privileged },
  });
  return {
    backend: "process",
    isolation: containment.isolation,
    limitations: containment.limitations,
    stats: () => ({ ...pool.stats }),
    run: (pairs, runOpts) => pool.run(pairs, runOpts),
    close: async () => {
      await pool.close();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}
