import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO_DIR } from "./helpers";

// Fault-injection helpers: worker processes the test owns (so it may kill them), and a copy
// of the demo benchmark whose tests carry a per-run comment, so its test-suite hashes are new
// and every pair misses the execution cache — the executing stage then takes long enough to
// interrupt.
export interface WorkerProc {
  child: ChildProcess;
  log: () => string;
  exited: Promise<number | null>;
}

export function startWorker(env: Record<string, string>): WorkerProc {
  const child = spawn(process.execPath, ["bin/execboard.mjs", "worker"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, log: () => out, exited };
}

export async function stopWorker(w: WorkerProc): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill("SIGTERM");
  const timer = setTimeout(() => w.child.kill("SIGKILL"), 15_000);
  await w.exited;
  clearTimeout(timer);
}

export async function uncachedDemoCopy(slug: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${slug}-`));
  const nonce = `${slug}-${Date.now()}`;
  const meta = JSON.parse(await fs.readFile(path.join(DEMO_DIR, "benchmark.json"), "utf8"));
  await fs.writeFile(path.join(dir, "benchmark.json"), JSON.stringify({ ...meta, slug, name: `Fault test ${slug}` }));
  const queries = (await fs.readFile(path.join(DEMO_DIR, "queries.jsonl"), "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const q = JSON.parse(line);
      return JSON.stringify({ ...q, test_suite: q.test_suite.map((t: string) => `${t}  # ${nonce}`) });
    });
  await fs.writeFile(path.join(dir, "queries.jsonl"), queries.join("\n") + "\n");
  await fs.copyFile(path.join(DEMO_DIR, "corpus.jsonl"), path.join(dir, "corpus.jsonl"));
  return dir;
}

// Polls until probe returns something truthy. A probe that throws (a service being restarted
// under it) counts as "not yet".
export async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ""}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
