// execboard benchmark build-arb <git repository> --base <commit> --out <dir>: mine a
// repository-retrieval benchmark (Agent Retrieval Bench's released schema) from a repository's
// history and from mutations at the base (lib/construction/arb-mining). With --check <dir> the
// build is compared with an existing directory instead of written. `build-arb-self` rebuilds
// the built-in benchmark (benchmarks/arb-self) from its pinned commit.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AppError } from "@/lib/errors/app-error";
import { buildArb, compareBuildDir, writeBuildDir, type BuildArbResult } from "@/lib/construction/arb-mining/build-arb";
import { buildSelf, SELF_SOURCE_DIR } from "@/lib/construction/arb-mining/build-self";
import { BUILTIN_DIR } from "@/lib/construction/arb-mining/builtin";
import { toolVersions } from "@/lib/construction/arb-mining/tool-versions";
import { intOption, parse } from "./args";

// The installation this CLI runs from: its git history, benchmarks/ and node_modules.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const BUILD_ARB_USAGE = [
  "usage: execboard benchmark build-arb <git repository> --base <commit> (--out <dir> | --check <dir>)",
  "         [--repo owner/name] [--slug S] [--name N] [--version V] [--license L] [--description D]",
  "         [--trace N | --no-trace] [--node-modules <dir>] [--counterfactual-from <samples.jsonl>]... [--counterfactual N] [--seed S]",
  "       execboard benchmark build-arb-self [--out <dir> | --check]",
].join("\n");

function defaultNodeModules(repoDir: string): string {
  const own = path.join(repoDir, "node_modules");
  if (fs.existsSync(path.join(own, "vitest", "package.json"))) return own;
  return path.join(ROOT, "node_modules");
}

function summarize(r: BuildArbResult, seconds: number): void {
  const t = r.report.totals.by_task;
  console.log(`${r.report.benchmark.slug} ${r.report.benchmark.version}: ${r.report.totals.samples} samples (${t.code2test} code2test, ${t.edit2ripple} edit2ripple, ${t.trace2code} trace2code, ${t.nogold_counterfactual} counterfactual) in ${seconds.toFixed(0)} s`);
  for (const g of r.report.gates.filter((x) => x.caught)) console.log(`gate ${g.gate}: ${g.caught} left out — ${g.description}`);
}

function reportCheck(dir: string, differing: string[]): number {
  if (differing.length === 0) {
    console.log(`${dir}: identical, byte for byte`);
    return 0;
  }
  console.log(`${dir}: ${differing.join(", ")} differ`);
  return 1;
}

async function buildSelfCommand(argv: string[]): Promise<number> {
  const started = Date.now();
  const { positionals, values } = parse(argv, { strings: ["out"], booleans: ["check"] });
  if (positionals.length) throw new AppError("BAD_REQUEST", BUILD_ARB_USAGE);
  const out = values.out ? path.resolve(values.out) : path.join(ROOT, BUILTIN_DIR);
  const r = await buildSelf({ root: ROOT, sourceDir: path.join(ROOT, SELF_SOURCE_DIR), onProgress: (m) => console.error(`build-arb-self: ${m}`) });
  summarize(r.self, (Date.now() - started) / 1000);
  if (values.check) return reportCheck(out, [...compareBuildDir(path.join(out, "companion"), r.companion.files).map((f) => `companion/${f}`), ...compareBuildDir(out, r.self.files)]);
  writeBuildDir(path.join(out, "companion"), r.companion.files);
  writeBuildDir(out, r.self.files);
  console.log(`written to ${out} (the companion's samples in ${path.join(out, "companion")})`);
  return 0;
}

export async function buildArbCommand(sub: "build-arb" | "build-arb-self", argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(BUILD_ARB_USAGE);
    return 0;
  }
  if (sub === "build-arb-self") return buildSelfCommand(argv);
  const { positionals, values } = parse(argv, {
    strings: ["base", "out", "check", "repo", "slug", "name", "version", "license", "description", "trace", "node-modules", "counterfactual", "seed"],
    booleans: ["no-trace"],
    lists: ["counterfactual-from"],
  });
  const started = Date.now();
  const say = (m: string) => console.error(`build-arb: ${m}`);
  const [repoDir, extra] = positionals;
  if (!repoDir || extra || !values.base || (!values.out && !values.check) || (values.out && values.check)) throw new AppError("BAD_REQUEST", BUILD_ARB_USAGE);
  const repo = values.repo ?? `local/${path.basename(path.resolve(repoDir)).replace(/[^A-Za-z0-9_.-]/g, "-") || "repo"}`;
  const short = repo.split("/")[1].toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const traceTarget = values["no-trace"] ? 0 : intOption(values.trace, "trace", 40, 0, 1000);
  const nodeModules = path.resolve(values["node-modules"] ?? defaultNodeModules(path.resolve(repoDir)));
  const r = await buildArb({
    repoDir: path.resolve(repoDir),
    base: values.base,
    meta: {
      repo,
      slug: values.slug ?? `arb-${short}`.slice(0, 63),
      name: values.name ?? `Agent Retrieval Bench: ${repo}`,
      version: values.version ?? "1",
      license: values.license ?? "the repository's own license",
      description: values.description ?? `Repository context retrieval mined from ${repo}'s own history and from mutations at one pinned commit.`,
    },
    trace: traceTarget ? { target: traceTarget, nodeModulesDir: nodeModules } : null,
    toolVersions: traceTarget ? toolVersions(nodeModules) : {},
    counterfactualFrom: values["counterfactual-from"] ?? [],
    counterfactualTarget: intOption(values.counterfactual, "counterfactual", 16, 0, 1000),
    seed: values.seed,
    onProgress: say,
  });
  summarize(r, (Date.now() - started) / 1000);
  if (values.check) return reportCheck(path.resolve(values.check), compareBuildDir(path.resolve(values.check), r.files));
  writeBuildDir(path.resolve(values.out!), r.files);
  console.log(`written to ${path.resolve(values.out!)}; report: ${path.join(path.resolve(values.out!), "build-report.md")}`);
  return 0;
}
