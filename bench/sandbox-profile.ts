// Where a pair's time goes. One runner lane under bubblewrap (as the process backend starts it,
// without cgroups) runs real pairs with `--profile`: every result then carries its phases (ms,
// wall clock) and, at the end, the runner reports the CPU each trusted process and the
// candidates used. Then the Docker backend runs the same pairs and the engine's own CPU per
// pair (dockerd's) is read from /proc. Prints medians and means per phase and CPU per pair.
//   npx tsx bench/sandbox-profile.ts [--benchmark DIR] [--pairs N] [--no-docker]
// Defaults: benchmarks/core, its own pairs (every snippet against its query's suite), all of them.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { createInterface } from "node:readline";
import { readBenchmarkDir } from "@/lib/benchmark/read-benchmark-dir";
import { getConfig } from "@/lib/config";
import { createSandbox } from "@/lib/sandbox";
import { bwrapOptions, runnerCommand } from "@/lib/sandbox/bwrap-command";
import { encodePair } from "@/lib/sandbox/runner-protocol";
import { runnerDir } from "@/lib/sandbox/runner-script";
import type { ExecPair } from "@/lib/sandbox/types";
import { benchmarkPairs } from "./sandbox-pairs";

const PHASES: [string, string][] = [
  ["plan", "plan the tests, parse the candidate's source if a test's names need it, build the request"],
  ["spawn", "ask the fork server for a child: fork, fds passed back (IPC)"],
  ["start", "the child sets up: descriptors, its own uid, the request read, ready line (seccomp is inherited)"],
  ["tests", "the child loads the code per test (imports included) and runs every step, writing frames"],
  ["judge", "after the last frame: the judge's decoding and verdicts still outstanding (IPC + verdict)"],
  ["finish", "the child ended (killed if it lingers)"],
  ["sweep", "between pairs: processes, scratch places, IPC objects, trusted limits"],
];

function args() {
  const argv = process.argv.slice(2);
  const opts = { dir: "benchmarks/core", pairs: 0, docker: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--benchmark") opts.dir = argv[++i];
    else if (argv[i] === "--pairs") opts.pairs = Number(argv[++i]);
    else if (argv[i] === "--no-docker") opts.docker = false;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

async function profileLane(pairs: ExecPair[]) {
  const config = getConfig();
  const argv = [...bwrapOptions({ runnerDir: runnerDir(), privileged: process.getuid?.() === 0 }), ...runnerCommand(config.EXECBOARD_SANDBOX_PYTHON), "--profile"];
  const child = spawn(config.EXECBOARD_SANDBOX_BWRAP, argv, { stdio: ["pipe", "pipe", "inherit"] });
  const phases: Record<string, number>[] = [];
  let cpu: Record<string, number> | undefined;
  const done = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const msg = JSON.parse(line);
      if (msg.profile) phases.push(msg.profile);
      else if (msg.cpu) cpu = msg.cpu;
      else if (msg.recycle || msg.fatal) throw new Error(`lane ended: ${line}`);
    });
    child.once("close", () => resolve());
  });
  const started = performance.now();
  child.stdin.end(pairs.map((p, i) => encodePair(String(i), p)).join(""));
  await done;
  return { phases, cpu: cpu!, seconds: (performance.now() - started) / 1000 };
}

/** CPU seconds the Docker engine (dockerd) has used so far. */
function dockerdSeconds(): number {
  const tick = 100; // USER_HZ, what /proc/<pid>/stat counts in
  let total = 0;
  for (const p of readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      if (!readFileSync(`/proc/${p}/cmdline`, "utf8").includes("dockerd")) continue;
      const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);

const opts = args();
const corpus = (await readBenchmarkDir(opts.dir)).corpus.length;
// benchmarkPairs lists every snippet against its own suite first.
const pairs = await benchmarkPairs([opts.dir], opts.pairs || corpus);
console.log(`${pairs.length} pairs from ${opts.dir}; one lane; load ${os.loadavg()[0].toFixed(1)}`);

const lane = await profileLane(pairs);
console.log(`\nprocess backend, one lane: ${lane.seconds.toFixed(1)} s = ${(pairs.length / lane.seconds).toFixed(0)} pairs/s`);
console.log("phase    median ms  mean ms   what");
for (const [name, what] of PHASES) {
  const xs = lane.phases.map((p) => p[name] ?? 0);
  console.log(`${name.padEnd(8)} ${median(xs).toFixed(3).padStart(9)} ${mean(xs).toFixed(3).padStart(8)}   ${what}`);
}
const cpuTotal = Object.values(lane.cpu).reduce((s, x) => s + x, 0);
console.log("\nCPU per pair (ms):", Object.entries(lane.cpu).map(([k, v]) => `${k} ${((v / pairs.length) * 1000).toFixed(2)}`).join(", "), `= ${((cpuTotal / pairs.length) * 1000).toFixed(2)}`);

if (opts.docker) {
  const sandbox = await createSandbox({ backend: "docker", concurrency: 1 });
  await sandbox.run(pairs.slice(0, 16).map((p) => ({ ...p, id: `warm-${p.id}` })));
  const before = dockerdSeconds();
  const started = performance.now();
  await sandbox.run(pairs);
  const seconds = (performance.now() - started) / 1000;
  const engine = dockerdSeconds() - before;
  await sandbox.close();
  console.log(`\ndocker backend, one lane: ${seconds.toFixed(1)} s = ${(pairs.length / seconds).toFixed(0)} pairs/s; the engine (dockerd) ${((engine / pairs.length) * 1000).toFixed(2)} ms of CPU per pair`);
}
console.log(`\nload ${os.loadavg()[0].toFixed(1)}`);
