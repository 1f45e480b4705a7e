// Pairs per second of the sandbox backends against the paper's approach (a fresh `python3 -I`
// process per pair, 5 s timeout), on the same real pairs, machine and run. The execution
// cache is bypassed. On a shared machine the load drifts, so the methods take turns on
// consecutive slices of the pairs and each one's time is summed over its slices.
//   npx tsx bench/sandbox-throughput.ts [--benchmark DIR]... [--pairs N] [--lanes N]
//       [--backends docker,process] [--baseline-parallel N] [--slices N]
//       [--compare DIR[=IMAGE]]...
// Defaults: benchmarks/demo, 2400 pairs, lanes = cores, the baseline as parallel, 12 slices.
// --compare adds a checkout's sandbox (e.g. an export of main: `git archive main | tar -x -C
// DIR`, with node_modules and lib/db/generated linked in; or this checkout, for a symmetric
// comparison) on the same backends, taking its turns in the same run, through its own CLI and
// its own sandbox image (IMAGE, default EXECBOARD_SANDBOX_IMAGE).
import os from "node:os";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import type { ExecPair, ExecResult } from "@/lib/sandbox/types";
import { startCheckoutSandbox, type CheckoutSandbox } from "./sandbox-checkout";
import { benchmarkPairs } from "./sandbox-pairs";
import { runPaperBaseline } from "./sandbox-paper-baseline";

function args() {
  const argv = process.argv.slice(2);
  const dirs: string[] = [];
  const opts = { pairs: 2400, lanes: os.cpus().length, backends: ["docker", "process"], baselineParallel: 0, slices: 12, compare: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[++i]];
    if (flag === "--benchmark") dirs.push(value);
    else if (flag === "--pairs") opts.pairs = Number(value);
    else if (flag === "--lanes") opts.lanes = Number(value);
    else if (flag === "--backends") opts.backends = value.split(",");
    else if (flag === "--baseline-parallel") opts.baselineParallel = Number(value);
    else if (flag === "--slices") opts.slices = Number(value);
    else if (flag === "--compare") opts.compare.push(value);
    else throw new Error(`unknown argument ${flag}`);
  }
  return { dirs: dirs.length ? dirs : ["benchmarks/demo"], ...opts, baselineParallel: opts.baselineParallel || opts.lanes };
}

interface Method {
  name: string;
  seconds: number;
  outcomes: string[][];
  sandbox?: Sandbox;
  checkout?: CheckoutSandbox;
  inProcess: number;
  run(slice: ExecPair[]): Promise<string[][]>;
}

const opts = args();
const pairs = await benchmarkPairs(opts.dirs, opts.pairs);
const python = process.env.EXECBOARD_SANDBOX_PYTHON ?? "/usr/bin/python3.11";
console.log(`${pairs.length} distinct pairs from ${opts.dirs.join(", ")}; ${opts.lanes} lanes; ${opts.slices} slices; load ${os.loadavg()[0].toFixed(1)}`);

const methods: Method[] = [
  {
    name: `paper baseline (fresh python3 -I per pair, ${opts.baselineParallel} at a time)`,
    seconds: 0,
    outcomes: [],
    inProcess: 0,
    run: (slice) => runPaperBaseline(python, slice, opts.baselineParallel),
  },
];
for (const backend of opts.backends as ("docker" | "process")[]) {
  const sandbox = await createSandbox({ backend, concurrency: opts.lanes });
  await sandbox.run(pairs.slice(0, opts.lanes * 8).map((p) => ({ ...p, id: `warm-${p.id}` }))); // start the lanes
  const method: Method = {
    name: `${backend} (${sandbox.isolation})`,
    seconds: 0,
    outcomes: [],
    inProcess: 0,
    sandbox,
    run: async (slice) => {
      const results: ExecResult[] = await sandbox.run(slice);
      method.inProcess += results.filter((r) => r.inProcessTests.length > 0).length;
      return results.map((r) => r.outcomes);
    },
  };
  methods.push(method);
}
for (const spec of opts.compare) {
  const [dir, image] = spec.split("=");
  for (const backend of opts.backends as ("docker" | "process")[]) {
    const checkout = await startCheckoutSandbox(dir, backend, opts.lanes, image);
    await checkout.run(pairs.slice(0, opts.lanes * 8)); // start the lanes
    methods.push({ name: `${backend}, ${dir} (its CLI)`, seconds: 0, outcomes: [], inProcess: 0, checkout, run: (slice) => checkout.run(slice) });
  }
}

const size = Math.ceil(pairs.length / opts.slices);
for (let s = 0; s < pairs.length; s += size) {
  const slice = pairs.slice(s, s + size);
  for (const m of methods) {
    const started = performance.now();
    m.outcomes.push(...(await m.run(slice)));
    m.seconds += (performance.now() - started) / 1000;
  }
}

const baseRate = pairs.length / methods[0].seconds;
for (const m of methods) {
  const rate = pairs.length / m.seconds;
  const passed = m.outcomes.filter((o) => o.every((x) => x === "pass")).length;
  const differ = m.outcomes.map((o, i) => [o.join(), methods[0].outcomes[i].join(), pairs[i].id]).filter(([a, b]) => a !== b);
  console.log(`${m.name}: ${m.seconds.toFixed(1)} s = ${rate.toFixed(0)} pairs/s = ${(rate / baseRate).toFixed(1)}x the baseline; ${passed} passed`);
  if (m.sandbox) {
    const { recycled } = m.sandbox.stats();
    console.log(`  outcomes differ from the baseline's on ${differ.length} pairs; ${m.inProcess} pairs had in-process tests; ${recycled} sandboxes recycled`);
    for (const [ours, paper, id] of differ.slice(0, 5)) console.log(`    ${id}: paper ${paper} / ours ${ours}`);
    await m.sandbox.close();
  }
  if (m.checkout) {
    console.log(`  outcomes differ from the baseline's on ${differ.length} pairs`);
    await m.checkout.close();
  }
}
console.log(`load ${os.loadavg()[0].toFixed(1)}`);
