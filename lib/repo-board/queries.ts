// Query strings of the track's API routes (and the OpenAPI document's input side).
import { z } from "zod";
import { CANDIDATE_FILTERS } from "@/lib/repo-files/classify";
import { POSITIVE_TASKS } from "@/lib/repo-benchmark/tasks";
import { HEADLINE_METRICS } from "@/lib/repo-metrics/definitions";
import type { MetricId } from "@/lib/repo-metrics/definitions";
import type { Scope } from "./scope";

const runIds = z
  .string()
  .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/, "comma-separated submission ids")
  .transform((s) => s.split(","));

export const repoScopeQuery = z.strictObject({
  version: z.string().min(1).max(40).optional().describe("a benchmark version (default: the newest)"),
  task: z.enum(["all", ...POSITIVE_TASKS]).default("all").describe("all positive tasks, or one"),
  weighting: z.enum(["sample", "repo"]).default("sample").describe("every sample counts once, or every repository"),
  filter: z.enum(CANDIDATE_FILTERS).default("all").describe("candidate filter (a diagnostic): all files, code only, tests only"),
  budget: z.enum(["4000", "8000", "16000", "32000"]).default("8000").transform(Number).describe("the BCY budget shown, in tokens"),
  sort: z.enum(HEADLINE_METRICS as unknown as [MetricId, ...MetricId[]]).default("mrr").describe("the metric rows are ranked by"),
});

/** Task winners: every task at once, in one weighting. */
export const winnersQuery = repoScopeQuery.pick({ version: true, weighting: true });

export const runsQuery = repoScopeQuery.extend({ runs: runIds.describe("2 to 4 published submission ids, comma-separated") });

export function scopeOf(q: { task: Scope["task"]; weighting: Scope["weighting"]; filter: Scope["filter"]; budget: number }): Scope {
  return { task: q.task, weighting: q.weighting, filter: q.filter, budget: q.budget as Scope["budget"] };
}
