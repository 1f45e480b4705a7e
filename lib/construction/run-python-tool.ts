import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConfig } from "@/lib/config";

// Runs one of the construction's stdlib Python scripts (they only parse code with `ast`, never
// execute it) over JSON lines: one request per line in, one reply per line out, in order.
// Python is the same system 3.11 the process sandbox uses, in isolated mode (-I) with a
// minimal environment, so user site-packages and PYTHON* variables cannot change parsing.

const TIMEOUT_MS = 300_000;

export function pythonToolPath(script: string): string {
  const candidates = [
    fileURLToPath(new URL(`./${script}`, import.meta.url)),
    path.resolve(process.cwd(), "lib/construction", script),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`construction script ${script} not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function runPythonTool<Req extends { id: string }, Reply extends { id: string }>(
  script: string,
  requests: Req[],
): Promise<Map<string, Reply>> {
  if (requests.length === 0) return new Map();
  const python = getConfig().EXECBOARD_SANDBOX_PYTHON;
  const child = spawn(python, ["-I", "-B", pythonToolPath(script)], {
    env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" } as unknown as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  child.stdin.on("error", () => undefined); // a dead child surfaces through its exit code
  child.stdin.end(requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const code = await exit.finally(() => clearTimeout(timer));
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.trim() || "(no stderr)"}`);
  const replies = new Map<string, Reply>();
  for (const line of stdout.split("\n")) {
    if (line.trim()) {
      const reply = JSON.parse(line) as Reply;
      replies.set(reply.id, reply);
    }
  }
  const missing = requests.filter((r) => !replies.has(r.id));
  if (missing.length) throw new Error(`${script} gave no answer for ${missing.length} request(s), e.g. ${missing[0].id}`);
  return replies;
}
