// A repository-retrieval benchmark's identity: benchmark.json beside the samples file when there
// is one ({slug, name, version, description, license}), with the command line's overrides and,
// for what neither says, defaults that fit the released Agent Retrieval Bench sets (the version
// is the samples file's directory name, e.g. v0_1). Its rules are those build-arb writes by
// (lib/construction/arb-mining/benchmark-identity.ts).
import fs from "node:fs";
import path from "node:path";
import { arbIdentitySchema, type ArbIdentity } from "@/lib/construction/arb-mining/benchmark-identity";
import { AppError } from "@/lib/errors/app-error";
import { describeIssues } from "@/lib/errors/zod-issues";

export const ARB_DEFAULTS = {
  slug: "agent-retrieval-bench",
  name: "Agent Retrieval Bench",
  description: "Repository context retrieval for coding agents: given a workflow query and a repository frozen at a base commit, rank the files an agent needs next.",
  license: "MIT (benchmark metadata); corpus files keep their repositories' licenses",
};

export function readBenchmarkMeta(dir: string, overrides: Partial<ArbIdentity>): ArbIdentity {
  const file = path.join(dir, "benchmark.json");
  let fromFile: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      fromFile = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (e) {
      throw new AppError("BAD_REQUEST", `${file} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const merged = { ...ARB_DEFAULTS, version: path.basename(path.resolve(dir)), ...fromFile, ...defined };
  const parsed = arbIdentitySchema.safeParse(merged);
  if (!parsed.success) throw new AppError("BAD_REQUEST", `benchmark identity: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
