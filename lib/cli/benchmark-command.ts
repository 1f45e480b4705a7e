import path from "node:path";
import { buildBenchmark, DEFAULT_MIN_DISTRACTORS, DEFAULT_SCREEN_TIMEOUT_MS } from "@/lib/benchmark/build-benchmark";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import fs from "node:fs";
import { defaultOutDir, writeBenchmarkDir } from "@/lib/benchmark/write-benchmark-dir";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { intOption, parse } from "./args";
import { downloadDataset } from "./download-command";

const USAGE = [
  "usage: execboard benchmark import <dir> [--backend docker|process|auto]",
  "       execboard benchmark build <src-dir> [--out <dir>] [--min-distractors N] [--screen-timeout-ms MS] [--backend …]",
  "       execboard benchmark download <slug> [--version V] [--out <dir or file>] [--zip] [--url U]",
  "       execboard benchmark import-arb <samples.jsonl> --repos <dir> [--slug S] [--name N] [--version V] [--skip-refused] [--report <file.md>]",
  "       execboard benchmark build-arb <git repository> --base <commit> --out <dir> [options]  (build-arb --help)",
  "       execboard benchmark build-arb-self [--out <dir> | --check]",
].join("\n");

const parseOptions = (argv: string[]) =>
  parse(argv, {
    strings: ["backend", "out", "min-distractors", "screen-timeout-ms", "version", "url", "token", "repos", "slug", "name", "report"],
    booleans: ["zip", "skip-refused"],
  });
type Values = ReturnType<typeof parseOptions>["values"];

export async function benchmarkCommand(argv: string[]): Promise<number> {
  if (argv[0] === "build-arb" || argv[0] === "build-arb-self") return (await import("./build-arb-command")).buildArbCommand(argv[0], argv.slice(1));
  const { positionals, values } = parseOptions(argv);
  const [sub, dir, extra] = positionals;
  if (sub === "import-arb") {
    if (!dir || extra || !values.repos) throw new AppError("BAD_REQUEST", USAGE);
    try {
      return await runImportArb(dir, values.repos, values);
    } finally {
      await disconnectDb();
    }
  }
  if (sub === "download") {
    if (!dir || extra) throw new AppError("BAD_REQUEST", USAGE);
    return downloadDataset(dir, values);
  }
  if (!dir || extra || (sub !== "import" && sub !== "build")) throw new AppError("BAD_REQUEST", USAGE);
  const backend = values.backend;
  if (backend !== undefined && !["docker", "process", "auto"].includes(backend)) throw new AppError("BAD_REQUEST", USAGE);
  const sandbox = await createSandbox({
    backend: backend as "docker" | "process" | "auto" | undefined,
    onNotice: (m) => console.error(`execboard benchmark: ${m}`),
  });
  try {
    return sub === "import" ? await runImport(dir, sandbox) : await runBuild(dir, values, sandbox);
  } finally {
    await sandbox.close();
    await disconnectDb();
  }
}

async function runImport(dir: string, sandbox: Sandbox): Promise<number> {
  const r = await importBenchmark(path.resolve(dir), sandbox);
  for (const note of r.notes) console.log(`note: ${note}`);
  if (!r.created) {
    console.log(`${r.slug} ${r.version} is already imported with identical content (${r.queries} queries, ${r.corpus} snippets)`);
  } else {
    const x = r.execution!;
    console.log(`imported ${r.slug} ${r.version}: ${r.queries} queries, ${r.corpus} snippets`);
    console.log(`verified by execution (${sandbox.backend}): ${x.pairs} pairs, ${x.executed} executed, ${x.cached} from cache`);
  }
  return 0;
}

// Exit 0 when every source task made it into the benchmark, 1 when some were excluded (the
// benchmark and the report are written either way, so the report can be read and committed).
async function runBuild(dir: string, values: Values, sandbox: Sandbox): Promise<number> {
  const out = values.out ?? defaultOutDir(dir);
  if (!out) throw new AppError("BAD_REQUEST", `cannot derive an output directory from ${dir} (it does not end in -src); pass --out <dir>`);
  const minDistractors = intOption(values["min-distractors"], "min-distractors", DEFAULT_MIN_DISTRACTORS, 0, 4);
  const screenTimeoutMs = intOption(values["screen-timeout-ms"], "screen-timeout-ms", DEFAULT_SCREEN_TIMEOUT_MS, 100, 60_000);
  const { report, files, data } = await buildBenchmark(path.resolve(dir), {
    sandbox,
    minDistractors,
    screenTimeoutMs,
    onProgress: (m) => console.error(`build: ${m}`),
  });
  if (data.queries.length === 0) {
    await writeBenchmarkDir(path.resolve(out), { "gate-report.json": files["gate-report.json"], "gate-report.md": files["gate-report.md"] });
    throw new AppError("BAD_REQUEST", `no task passed every gate; see ${path.join(out, "gate-report.md")}`);
  }
  await writeBenchmarkDir(path.resolve(out), files);
  const t = report.totals;
  console.log(`built ${report.benchmark.slug} ${report.benchmark.version} in ${out}: ${t.queries} queries, ${t.corpus} snippets ` +
    `(${t.generated} generated, ${t.hand_written} hand-written distractors) in ${report.run.build_seconds} s`);
  for (const x of report.tasks.filter((e) => e.failed)) {
    console.log(`excluded ${x.source} ${x.function_name ?? ""}: gate ${x.failed!.gate} (${x.failed!.name}): ${x.failed!.reasons.join("; ")}`);
  }
  if (t.tasks_short_of_four) console.log(`${t.tasks_short_of_four} kept task(s) have fewer than 4 distractors; see gate-report.md`);
  console.log(`gate report: ${path.join(out, "gate-report.md")}`);
  return t.tasks_excluded ? 1 : 0;
}

// Exit 0 when every record became a sample, 1 when some were refused (and skipped) or left out
// by a leakage gate; the report says which and why either way.
async function runImportArb(samples: string, repos: string, values: Values): Promise<number> {
  const started = Date.now();
  const r = await importArbBenchmark({
    samplesPath: path.resolve(samples),
    reposDir: path.resolve(repos),
    meta: { slug: values.slug, name: values.name, version: values.version },
    skipRefused: values["skip-refused"] === true,
    onProgress: (m) => console.error(`import-arb: ${m}`),
  });
  if (values.report) fs.writeFileSync(path.resolve(values.report), r.markdown);
  const k = r.report.kept, c = r.report.corpus;
  const verb = r.created ? "imported" : "already imported with identical content:";
  console.log(`${verb} ${r.slug} ${r.version}: ${k.total} samples (${Object.entries(k.by_task).filter(([, n]) => n).map(([t, n]) => `${n} ${t}`).join(", ")}) over ${c.snapshots} snapshots, ${c.files} files in ${c.unique_blobs} blobs`);
  for (const g of r.report.gates.filter((x) => x.caught)) console.log(`gate ${g.gate}${g.fatal ? "" : " (noted, kept)"}: ${g.caught} — ${g.description}`);
  for (const x of r.report.refused.samples) console.log(`refused line ${x.line}${x.sample_id ? ` ${x.sample_id}` : ""}: ${x.reason}`);
  console.log(`${values.report ? `report: ${values.report}; ` : ""}${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.report.refused.count + k.excluded_by_gates > 0 ? 1 : 0;
}
