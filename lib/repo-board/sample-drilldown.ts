// One sample as one submission ranked it: the query (fields and canonical text), the files it
// hands over, its gold, supporting and distractor files, the ranked files with each one's role,
// score, tie group and cost in tokens, and what fits in each budget when the list is packed in
// its listed order (a tie's members may be listed in any order: the metrics take the expectation
// over them, and say so).
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { loadRepoVersion, type VersionSample } from "@/lib/repo-benchmark/load-version";
import { fileTotal } from "@/lib/repo-metrics/bcy";
import { BUDGETS, EVAL_DEPTH, METRIC_IDS, type MetricId } from "@/lib/repo-metrics/definitions";
import type { RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import { tieGroups } from "@/lib/repo-metrics/tie-groups";
import { getSubmission, type SubmissionView } from "@/lib/submissions/get-submission";

export type FileRole = "gold" | "given" | "supporting" | "distractor" | "other";

export interface DrillFile {
  position: number;
  path: string;
  score: number;
  role: FileRole;
  /** 1-based positions of its tie group when it is tied with others. */
  tie: [number, number] | null;
  tokens: number;
  /** Per budget: packed whole, cut, or not reached (in the listed order). */
  packed: Record<number, "whole" | "cut" | "no">;
  beyondDepth: boolean;
}

export interface SampleDrilldown {
  submission: SubmissionView;
  sample: { sampleId: string; task: VersionSample["task"]; repo: string; baseCommit: string; query: Record<string, unknown>; queryText: string; gold: string[]; given: string[]; supporting: string[]; distractors: string[]; noGoldReason: string | null };
  files: DrillFile[];
  abstention: number | null;
  metrics: Partial<Record<MetricId, number>> | null;
  /** Gold files the ranking did not list. */
  missedGold: string[];
  previous: string | null;
  next: string | null;
}

export function roleOf(s: VersionSample, path: string): FileRole {
  return s.gold.includes(path) ? "gold" : s.given.includes(path) ? "given" : s.supporting.includes(path) ? "supporting" : s.distractors.includes(path) ? "distractor" : "other";
}

export async function getSampleDrilldown(id: string, sampleId: string, viewer: Principal | null): Promise<SampleDrilldown> {
  const submission = await getSubmission(id, viewer);
  const sub = await db().submission.findUniqueOrThrow({ where: { id }, select: { versionId: true } });
  const v = await loadRepoVersion(sub.versionId);
  const index = v.samples.findIndex((s) => s.sampleId === sampleId);
  if (index < 0) throw new AppError("NOT_FOUND", `no sample ${sampleId} in ${submission.benchmark.slug} ${submission.benchmark.version}`);
  const s = v.samples[index];
  const [ranking, analysis, query] = await Promise.all([
    db().repoRanking.findUnique({ where: { submissionId_sampleDbId: { submissionId: id, sampleDbId: s.dbId } }, select: { paths: true, scores: true, abstention: true } }),
    db().repoAnalysis.findUnique({ where: { submissionId: id }, select: { payload: true } }),
    db().repoSample.findUniqueOrThrow({ where: { id: s.dbId }, select: { query: true } }),
  ]);
  const paths = ranking?.paths ?? [], scores = ranking?.scores ?? [];
  const groups = tieGroups(scores);
  const used = Object.fromEntries(BUDGETS.map((b) => [b, 0])) as Record<number, number>;
  const files: DrillFile[] = paths.map((path, i) => {
    const f = s.snapshot.byPath.get(path)!;
    const cost = fileTotal({ header: f.header, content: f.content });
    const g = groups.find((x) => x.start <= i && i < x.end)!;
    const packed: DrillFile["packed"] = {};
    for (const b of BUDGETS) {
      if (i >= EVAL_DEPTH || used[b] >= b) packed[b] = "no";
      else if (used[b] + cost <= b) [packed[b], used[b]] = ["whole", used[b] + cost];
      else [packed[b], used[b]] = ["cut", b];
    }
    return { position: i + 1, path, score: scores[i], role: roleOf(s, path), tie: g.end - g.start > 1 ? [g.start + 1, g.end] : null, tokens: cost, packed, beyondDepth: i >= EVAL_DEPTH };
  });
  const per = (analysis?.payload as unknown as RunAnalysis | undefined)?.perSample[index]?.values ?? null;
  return {
    submission,
    sample: { sampleId: s.sampleId, task: s.task, repo: s.repo, baseCommit: s.baseCommit, query: query.query as Record<string, unknown>, queryText: s.queryText, gold: s.gold, given: s.given, supporting: s.supporting, distractors: s.distractors, noGoldReason: s.noGoldReason },
    files,
    abstention: ranking?.abstention ?? null,
    metrics: per ? (Object.fromEntries(METRIC_IDS.map((m, k) => [m, per[k]])) as Partial<Record<MetricId, number>>) : null,
    missedGold: s.gold.filter((g) => !paths.includes(g)),
    previous: index > 0 ? v.samples[index - 1].sampleId : null,
    next: index + 1 < v.samples.length ? v.samples[index + 1].sampleId : null,
  };
}
