// The published submissions of a repository-retrieval version with their analyses, as every
// reader page of the track starts from. Parsed analyses are memoized per published set: the
// stamp names each member's id, current evaluation and analysis row version (xmin), so a
// publication, hide or re-score is never answered from a stale entry.
import { db } from "@/lib/db/client";
import { VersionedMemo } from "@/lib/db/versioned-memo";
import type { SubmissionKind } from "@/lib/db/generated/enums";
import { REPO_ENGINE_VERSION, type RunAnalysis } from "@/lib/repo-metrics/analyze-run";

export interface PublishedRun {
  submissionId: string;
  model: string;
  provider: string;
  organisation: string | null;
  kind: SubmissionKind;
  isBaseline: boolean;
  verified: boolean;
  warningNote: string | null;
  openWeights: boolean | null;
  publishedAt: string | null;
  analysis: RunAnalysis;
  /** Scored by another engine of this kind: its automatic re-score is pending, its numbers may change. */
  provisional: boolean;
}

const memo = new VersionedMemo<PublishedRun[]>(32);

export async function loadPublishedRuns(versionId: number): Promise<PublishedRun[]> {
  const stamps = await db().$queryRaw<{ id: string; stamp: string }[]>`
    SELECT s.id::text AS id, coalesce(s.current_evaluation_id::text, '') || ':' || a.xmin::text || ':' || coalesce(s.warning_note, '') || ':' || coalesce(s.verified_at::text, '') AS stamp
    FROM submissions s JOIN repo_analyses a ON a.submission_id = s.id
    WHERE s.version_id = ${versionId} AND s.status = 'published' ORDER BY s.id`;
  const stamp = stamps.map((s) => `${s.id}=${s.stamp}`).join(",");
  return memo.get(String(versionId), stamp, async () => {
    const rows = await db().submission.findMany({
      where: { versionId, status: "published", repoAnalysis: { isNot: null } },
      select: {
        id: true,
        modelName: true,
        provider: true,
        kind: true,
        isBaseline: true,
        verifiedAt: true,
        warningNote: true,
        metadata: true,
        publishedAt: true,
        organisation: { select: { name: true } },
        repoAnalysis: { select: { payload: true } },
      },
      orderBy: { id: "asc" },
    });
    return rows.map((r) => ({
      submissionId: r.id,
      model: r.modelName,
      provider: r.provider,
      organisation: r.organisation?.name ?? null,
      kind: r.kind,
      isBaseline: r.isBaseline,
      verified: r.verifiedAt !== null,
      warningNote: r.warningNote?.trim() || null,
      openWeights: ((r.metadata as { openWeights?: boolean } | null)?.openWeights ?? null) as boolean | null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      analysis: r.repoAnalysis!.payload as unknown as RunAnalysis,
      provisional: (r.repoAnalysis!.payload as unknown as RunAnalysis).engine !== REPO_ENGINE_VERSION,
    }));
  });
}
