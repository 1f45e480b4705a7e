import { spawn, type ChildProcess } from "node:child_process";

// Execution-only worker processes (workers/execute-only.ts) that a test owns and may kill.

export interface Executor {
  child: ChildProcess;
  /** The executor tag its chunk reports carry. */
  tag: string;
  exited: Promise<void>;
}

export async function startExecutor(env: Record<string, string>): Promise<Executor> {
  // One process (no tsx wrapper in between), so a signal reaches the executor itself.
  const child = spawn(process.execPath, ["--import", "tsx", "workers/execute-only.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const tag = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      const ready = /\[execute-only\] ready as (\S+):/.exec(log);
      if (ready) resolve(ready[1]);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(() => reject(new Error(`executor exited before it was ready:\n${log}`)));
  });
  return { child, tag, exited };
}

export async function stopExecutor(e: Executor, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (e.child.exitCode !== null || e.child.signalCode !== null) return;
  e.child.kill(signal);
  const timer = setTimeout(() => e.child.kill("SIGKILL"), 15_000);
  await e.exited;
  clearTimeout(timer);
}
