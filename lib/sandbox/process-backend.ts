import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { RunnerPool, type RunnerEvents, type RunnerProcess } from "./runner-pool";
import { runnerScriptPath } from "./runner-script";
import type { Sandbox } from "./types";

// Runs docker/runner.py directly on the host. Isolation is only what the runner itself does
// (fresh forked child per pair, rlimits, own process group, drop to uid 65534 when started as
// root): no network, filesystem or PID namespace. For development and hosts without Docker.

const STDERR_TAIL = 4096;
const KILL_GRACE_MS = 500;

function startProcessRunner(python: string, script: string, cwd: string) {
  return async (events: RunnerEvents): Promise<RunnerProcess> => {
    const child = spawn(python, ["-I", "-B", script], {
      cwd,
      // Minimal env on purpose; the cast drops NODE_ENV, which Next's typings make mandatory.
      env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true, // own process group: destroy() can kill the runner and what it left
    });
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
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
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
        killGroup("SIGTERM"); // the runner kills its current child's group, then exits
        const timer = setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS);
        await exited;
        clearTimeout(timer);
      },
    };
  };
}

export async function createProcessSandbox(): Promise<Sandbox> {
  const config = getConfig();
  const script = runnerScriptPath();
  // A scratch cwd per sandbox, readable by the unprivileged child, removed on close.
  const cwd = await mkdtemp(path.join(os.tmpdir(), "execboard-sandbox-"));
  await chmod(cwd, 0o755);
  const pool = new RunnerPool({
    concurrency: config.EXECBOARD_SANDBOX_CONCURRENCY,
    start: startProcessRunner(config.EXECBOARD_SANDBOX_PYTHON, script, cwd),
    pipelineDepth: 2,
  });
  return {
    backend: "process",
    isolation: "process",
    run: (pairs, opts) => pool.run(pairs, opts),
    close: async () => {
      await pool.close();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}
