import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ExecPair } from "@/lib/sandbox/types";

// Another checkout's sandbox (say main's, for a before/after comparison in one run), driven
// through its own `execboard sandbox run` CLI: one long-lived process per backend, so its
// lanes stay warm exactly like ours. Its image tag is its own (EXECBOARD_SANDBOX_IMAGE), so
// two runner versions never rebuild each other's image.

export interface CheckoutSandbox {
  run(pairs: ExecPair[]): Promise<string[][]>;
  close(): Promise<void>;
}

export async function startCheckoutSandbox(dir: string, backend: "docker" | "process", lanes: number, image?: string): Promise<CheckoutSandbox> {
  const env = { ...process.env, EXECBOARD_SANDBOX_CONCURRENCY: String(lanes), ...(image ? { EXECBOARD_SANDBOX_IMAGE: image } : {}) };
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [path.join(dir, "bin/execboard.mjs"), "sandbox", "run", "--backend", backend], { cwd: dir, env });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const waiting = new Map<string, (outcomes: string[]) => void>();
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  void exited.then(() => {
    for (const [, done] of waiting) done(["CHECKOUT-SANDBOX-EXITED"]);
    waiting.clear();
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    const r = JSON.parse(line) as { id: string; outcomes?: string[]; error?: string };
    waiting.get(r.id)?.(r.outcomes ?? [`ERROR:${r.error}`]);
    waiting.delete(r.id);
  });
  let seq = 0;
  const run = async (pairs: ExecPair[]) => {
    const ids = pairs.map(() => `c${++seq}`);
    const results = ids.map((id) => new Promise<string[]>((resolve) => waiting.set(id, resolve)));
    child.stdin.write(pairs.map((p, i) => JSON.stringify({ ...p, id: ids[i] }) + "\n").join(""));
    const out = await Promise.all(results);
    if (out.some((o) => o[0] === "CHECKOUT-SANDBOX-EXITED")) throw new Error(`${dir} sandbox run (${backend}) exited: ${stderr}`);
    return out;
  };
  return {
    run,
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
