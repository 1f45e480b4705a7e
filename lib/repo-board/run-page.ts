// Everything a repository-retrieval model page shows of one submission, for a viewer who may
// see it (NOT_FOUND otherwise, from getSubmission): the submission, its analysis (per task in
// both weightings, first-gold depth, the budget curve, candidate filters, selective retrieval)
// and one row per sample with its metrics and where its first gold file was ranked.
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { SubmissionKind } from "@/lib/db/generated/enums";
import { loadRepoVersion } from "@/lib/repo-benchmark/load-version";
import type { RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import { tieGroups } from "@/lib/repo-metrics/tie-groups";
import { getSubmission, type SubmissionView } from "@/lib/submissions/get-submission";

export interface RunSampleRow {
  sampleId: string;
  task: RunAnalysis["perSample"][number]["task"];
  repo: string;
  values: number[] | null;
  /** Positions (1-based) the first listed gold file's tie group spans, or null when no gold file is listed. */
  firstGold: [number, number] | null;
  listed: number;
  abstention: number | null;
}

export interface RunPage {
  submission: SubmissionView;
  kind: SubmissionKind;
  analysis: RunAnalysis | null;
  computedAt: string | null;
  samples: RunSampleRow[];
}

export async function getRunPage(id: string, viewer: Principal | null): Promise<RunPage> {
  const submission = await getSubmission(id, viewer); // NOT_FOUND unless the viewer may see it
  const sub = await db().submission.findUniqueOrThrow({ where: { id }, select: { versionId: true, kind: true } });
  const row = await db().repoAnalysis.findUnique({ where: { submissionId: id }, select: { payload: true, computedAt: true } });
  if (!row) return { submission, kind: sub.kind, analysis: null, computedAt: null, samples: [] };
  const analysis = row.payload as unknown as RunAnalysis;
  const v = await loadRepoVersion(sub.versionId);
  const rankings = await db().repoRanking.findMany({ where: { submissionId: id }, select: { sampleDbId: true, paths: true, scores: true, abstention: true } });
  const byDb = new Map(rankings.map((r) => [r.sampleDbId, r]));
  const samples = v.samples.map((s, i) => {
    const r = byDb.get(s.dbId);
    const gold = new Set(s.gold);
    let firstGold: [number, number] | null = null;
    if (r) {
      const at = r.paths.findIndex((p) => gold.has(p));
      if (at >= 0) {
        const g = tieGroups(r.scores).find((x) => x.start <= at && at < x.end)!;
        firstGold = [g.start + 1, g.end];
      }
    }
    return { sampleId: s.sampleId, task: s.task, repo: s.repo, values: analysis.perSample[i]?.values ?? null, firstGold, listed: r?.paths.length ?? 0, abstention: r?.abstention ?? null };
  });
  return { submission, kind: sub.kind, analysis, computedAt: row.computedAt.toISOString(), samples };
}
