// The built-in repository-retrieval benchmark: ExecBoard's own repository at the commit pinned
// in benchmarks/arb-self-src/build.json, mined by build-arb, with counterfactual controls whose
// queries come from a small second repository the build makes (companion-repo.ts, from
// benchmarks/arb-self-src/companion) and mines first. `execboard benchmark build-arb-self`
// writes both into benchmarks/arb-self (the companion's samples and report under companion/);
// with --check it compares instead, byte for byte.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { buildArb, type BuildArbResult } from "./build-arb";
import { makeCompanionRepo } from "./companion-repo";
import { toolVersions } from "./tool-versions";

export const SELF_SOURCE_DIR = "benchmarks/arb-self-src";

const identity = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.string(),
  license: z.string(),
  description: z.string(),
  repo: z.string(),
});

export const selfBuildSchema = z.object({
  base_commit: z.string().regex(/^[0-9a-f]{40}$/, "a full 40-hex commit id"),
  benchmark: identity,
  trace2code: z.number().int().min(0),
  counterfactual: z.number().int().min(0),
  companion: identity.extend({ trace2code: z.number().int().min(0) }),
});
export type SelfBuild = z.infer<typeof selfBuildSchema>;

export function readSelfBuild(sourceDir: string): SelfBuild {
  const file = path.join(sourceDir, "build.json");
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new AppError("BAD_REQUEST", `cannot read ${file}: ${(e as Error).message}`);
  }
  const r = selfBuildSchema.safeParse(json);
  if (!r.success) throw new AppError("BAD_REQUEST", `${file}: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return r.data;
}

export interface SelfBuildResult {
  companion: BuildArbResult;
  self: BuildArbResult;
}

export async function buildSelf(opts: { root: string; sourceDir: string; onProgress?: (m: string) => void }): Promise<SelfBuildResult> {
  const say = opts.onProgress ?? (() => undefined);
  const spec = readSelfBuild(opts.sourceDir);
  const nodeModules = path.join(opts.root, "node_modules");
  const tools = toolVersions(nodeModules);
  const companion = await makeCompanionRepo(path.join(opts.sourceDir, "companion"));
  try {
    say(`companion repository: ${companion.commits} commits, head ${companion.head.slice(0, 12)}`);
    const { trace2code, ...meta } = spec.companion;
    const other = await buildArb({
      repoDir: companion.gitDir,
      base: companion.head,
      meta,
      trace: trace2code ? { target: trace2code, nodeModulesDir: nodeModules } : null,
      toolVersions: trace2code ? tools : {},
      onProgress: (m) => say(`companion: ${m}`),
    });
    const samples = path.join(companion.gitDir, "..", "companion-samples.jsonl");
    fs.writeFileSync(samples, other.files["samples.jsonl"]);
    const self = await buildArb({
      repoDir: opts.root,
      base: spec.base_commit,
      meta: spec.benchmark,
      trace: spec.trace2code ? { target: spec.trace2code, nodeModulesDir: nodeModules } : null,
      toolVersions: spec.trace2code ? tools : {},
      counterfactualFrom: [samples],
      counterfactualTarget: spec.counterfactual,
      onProgress: say,
    });
    return { companion: other, self };
  } finally {
    companion.cleanup();
  }
}
