// Does a runner change move any benchmark verdict? Every canonical and every distractor of the
// given benchmarks runs against its own query's suite on this checkout's sandbox (each backend)
// and on the methods it is compared with: another checkout's sandbox (--compare DIR[=IMAGE],
// e.g. main's, through its CLI and image) and the paper's approach (--paper: a fresh
// `python3.11 -I` per pair). Prints, per benchmark and method, how many canonicals pass and
// how many distractors fail, and every snippet whose verdict (all tests pass, or not) or
// outcomes differ from the first method's. Nothing is cached.
//   npx tsx bench/sandbox-verdicts.ts [--benchmark DIR]... [--backends docker,process]
//       [--compare DIR[=IMAGE]]... [--paper] [--lanes N]
// Defaults: benchmarks/core and benchmarks/demo, both backends, lanes = cores.
import os from "node:os";
import { readBenchmarkDir } from "@/lib/benchmark/read-benchmark-dir";
import { createSandbox } from "@/lib/sandbox";
import type { ExecPair } from "@/lib/sandbox/types";
import { startCheckoutSandbox } from "./sandbox-checkout";
import { runPaperBaseline } from "./sandbox-paper-baseline";

function args() {
  const argv = process.argv.slice(2);
  const opts = { dirs: [] as string[], backends: ["docker", "process"], compare: [] as string[], paper: false, lanes: os.cpus().length };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--paper") opts.paper = true;
    else if (flag === "--benchmark") opts.dirs.push(argv[++i]);
    else if (flag === "--backends") opts.backends = argv[++i].split(",");
    else if (flag === "--compare") opts.compare.push(argv[++i]);
    else if (flag === "--lanes") opts.lanes = Number(argv[++i]);
    else throw new Error(`unknown argument ${flag}`);
  }
  if (opts.dirs.length === 0) opts.dirs = ["benchmarks/core", "benchmarks/demo"];
  return opts;
}

interface Snippet {
  pair: ExecPair;
  role: "canonical" | "distractor";
}

type Runner = { name: string; run(pairs: ExecPair[]): Promise<string[][]>; close(): Promise<void> };

async function runners(opts: ReturnType<typeof args>): Promise<Runner[]> {
  const out: Runner[] = [];
  for (const backend of opts.backends as ("docker" | "process")[]) {
    const sandbox = await createSandbox({ backend, concurrency: opts.lanes });
    out.push({ name: `${backend} (this checkout)`, run: async (p) => (await sandbox.run(p)).map((r) => r.outcomes), close: () => sandbox.close() });
  }
  for (const spec of opts.compare) {
    const [dir, image] = spec.split("=");
    for (const backend of opts.backends as ("docker" | "process")[]) {
      const checkout = await startCheckoutSandbox(dir, backend, opts.lanes, image);
      out.push({ name: `${backend}, ${dir}`, run: (p) => checkout.run(p), close: () => checkout.close() });
    }
  }
  if (opts.paper) {
    out.push({ name: "paper runner (fresh python3.11 -I per pair)", run: (p) => runPaperBaseline("/usr/bin/python3.11", p, opts.lanes), close: async () => undefined });
  }
  return out;
}

const opts = args();
console.log(`load ${os.loadavg()[0].toFixed(1)}`);
const methods = await runners(opts);
for (const dir of opts.dirs) {
  const data = await readBenchmarkDir(dir);
  const suites = new Map(data.queries.map((q) => [q.query_id, q.test_suite]));
  const snippets: Snippet[] = data.corpus.map((c) => ({
    role: c.role as Snippet["role"],
    pair: { id: c.corpus_id, code: c.code, tests: suites.get(c.query_id)!, timeoutMs: 5000 },
  }));
  const canonicals = snippets.filter((s) => s.role === "canonical").length;
  const distractors = snippets.length - canonicals;
  console.log(`\n${dir}: ${snippets.length} snippets (${canonicals} canonicals, ${distractors} distractors), each against its own suite`);
  const outcomes: string[][][] = [];
  for (const m of methods) {
    const started = performance.now();
    const got = await m.run(snippets.map((s) => s.pair));
    outcomes.push(got);
    const passed = got.map((o) => o.length > 0 && o.every((x) => x === "pass"));
    const canonPass = snippets.filter((s, i) => s.role === "canonical" && passed[i]).length;
    const distFail = snippets.filter((s, i) => s.role === "distractor" && !passed[i]).length;
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${m.name}: canonicals passing ${canonPass}/${canonicals}, distractors failing ${distFail}/${distractors} (${seconds.toFixed(1)} s)`);
  }
  for (let k = 1; k < methods.length; k++) {
    const verdict = (o: string[]) => o.length > 0 && o.every((x) => x === "pass");
    const moved = snippets.filter((_, i) => verdict(outcomes[k][i]) !== verdict(outcomes[0][i]));
    const relabelled = snippets.filter((_, i) => outcomes[k][i].join() !== outcomes[0][i].join());
    console.log(`  ${methods[k].name} vs ${methods[0].name}: verdict differs on ${moved.length}, outcomes on ${relabelled.length}`);
    for (const s of relabelled.slice(0, 10)) {
      const i = snippets.indexOf(s);
      console.log(`    ${s.pair.id} (${s.role}): ${outcomes[0][i].join(",")} / ${outcomes[k][i].join(",")}`);
    }
  }
}
for (const m of methods) await m.close();
console.log(`\nload ${os.loadavg()[0].toFixed(1)}`);
