// Fusion, live: any reader picks 2-4 published runs of a version and sees their reciprocal rank
// fusion (k = 60, lib/repo-runs/rrf.ts) scored exactly as a submission is (tie-aware, the same
// depth, every metric and interval), with the paired test of the fused run against each input.
// Computed from the stored rankings; memoized per published set and choice of runs.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { costOf, loadRepoVersion } from "@/lib/repo-benchmark/load-version";
import { analyzeRun, type RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import { HEADLINE_METRICS, type MetricId } from "@/lib/repo-metrics/definitions";
import type { PairedResult } from "@/lib/repo-metrics/paired";
import { keepTied } from "@/lib/repo-runs/cut-at-depth";
import { RRF_K, rrfFuse } from "@/lib/repo-runs/rrf";
import { compare } from "./paired-cache";
import { loadPublishedRuns, type PublishedRun } from "./published-runs";
import { estimateOf, type Scope } from "./scope";

export const FUSION_MIN = 2;
export const FUSION_MAX = 4;

export interface FusionResult {
  benchmark: { slug: string; version: string };
  inputs: PublishedRun[];
  fused: RunAnalysis;
  /** Per headline metric: the fused run against each input (a = fused). */
  tests: Record<string, { submissionId: string; result: PairedResult | null }[]>;
  k: number;
}

const cache = new WeakMap<readonly PublishedRun[], Map<string, Promise<RunAnalysis>>>();

async function fusedAnalysis(versionId: number, inputs: readonly PublishedRun[]): Promise<RunAnalysis> {
  const v = await loadRepoVersion(versionId);
  const rows = await db().repoRanking.findMany({ where: { submissionId: { in: inputs.map((r) => r.submissionId) } }, select: { submissionId: true, sampleDbId: true, paths: true, scores: true } });
  const bySub = new Map(inputs.map((r) => [r.submissionId, new Map<number, { paths: string[]; scores: number[] }>()]));
  for (const r of rows) bySub.get(r.submissionId)!.set(r.sampleDbId, { paths: r.paths, scores: r.scores });
  const rankings = v.samples.map((s) => {
    const lists = inputs.map((r) => bySub.get(r.submissionId)!.get(s.dbId) ?? { paths: [], scores: [] });
    // A fused list's ties come from equal rank sets: groups of at most a few files.
    return { ...keepTied(rrfFuse(lists), s.sampleId, Number.MAX_SAFE_INTEGER), abstention: null };
  });
  return analyzeRun(v.samples.map((s) => ({ sampleId: s.sampleId, task: s.task, repo: s.repo, gold: new Set(s.gold) })), rankings, costOf(v));
}

export async function getFusion(slug: string, version: string | undefined, ids: readonly string[], scope: Scope): Promise<FusionResult> {
  const unique = [...new Set(ids)];
  if (unique.length < FUSION_MIN || unique.length > FUSION_MAX) throw new AppError("BAD_REQUEST", `pick ${FUSION_MIN} to ${FUSION_MAX} different published runs to fuse; got ${unique.length}`);
  const v = await resolveVersion(slug, version);
  const runs = await loadPublishedRuns(v.id);
  const inputs = unique.map((id) => {
    const r = runs.find((x) => x.submissionId === id);
    if (!r) throw new AppError("NOT_FOUND", `no published run ${id} on ${slug} ${v.version}`);
    return r;
  });
  let m = cache.get(runs);
  if (!m) cache.set(runs, (m = new Map()));
  const key = [...unique].sort().join(",");
  if (!m.has(key)) {
    const p = fusedAnalysis(v.id, inputs);
    m.set(key, p);
    p.catch(() => m!.delete(key));
  }
  const fused = await m.get(key)!;
  const tests: FusionResult["tests"] = {};
  for (const metric of HEADLINE_METRICS) {
    tests[metric] = inputs.map((r) => ({ submissionId: r.submissionId, result: compare({ analysis: fused }, r, scope, metric as MetricId) }));
  }
  return { benchmark: { slug: v.slug, version: v.version }, inputs, fused, tests, k: RRF_K };
}

export { estimateOf };
