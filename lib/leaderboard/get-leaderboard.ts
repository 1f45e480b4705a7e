import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toMetricTable, type MetricTable } from "@/lib/submissions/serialize";
import { compareByPlacement } from "./leaderboard-order";

export interface LeaderboardRow {
  submissionId: string;
  model: string;
  provider: string;
  /** The display name of the organisation that submitted it, or null (a personal submission). */
  organisation: string | null;
  similarity: string;
  dims: number;
  openWeights: boolean | null;
  isBaseline: boolean;
  /** A maintainer marked it verified (lib/review). */
  verified: boolean;
  /** A maintainer's warning note to show beside the row, or null. */
  warningNote: string | null;
  publishedAt: string | null;
  metrics: MetricTable;
}

export interface Leaderboard {
  benchmark: { slug: string; name: string; version: string; queries: number; corpus: number };
  rows: LeaderboardRow[];
}

// Published submissions of a benchmark's newest version (or a named one), best exec@1 first;
// ties fall back to exec@3, exec@5, exec@10, then publication time. Hidden submissions have
// their own status (lib/review), so `status: "published"` already leaves them out.
export async function getLeaderboard(slug: string, version?: string): Promise<Leaderboard> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug }, ...(version ? { version } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, version: true, queryCount: true, corpusCount: true, benchmark: { select: { slug: true, name: true } } },
  });
  if (!v) throw new AppError("NOT_FOUND", version ? `no version ${version} of benchmark ${slug}` : `no benchmark named ${slug}`);
  const subs = await db().submission.findMany({
    where: { versionId: v.id, status: "published" },
    select: {
      id: true,
      modelName: true,
      provider: true,
      organisation: { select: { name: true } },
      similarity: true,
      dims: true,
      metadata: true,
      isBaseline: true,
      verifiedAt: true,
      warningNote: true,
      publishedAt: true,
      metrics: { select: { name: true, k: true, value: true, ciLow: true, ciHigh: true } },
    },
  });
  const rows: LeaderboardRow[] = subs
    .map((s) => ({
      submissionId: s.id,
      model: s.modelName,
      provider: s.provider,
      organisation: s.organisation?.name ?? null,
      similarity: s.similarity,
      dims: s.dims,
      openWeights: ((s.metadata as { openWeights?: boolean } | null)?.openWeights ?? null) as boolean | null,
      isBaseline: s.isBaseline,
      verified: s.verifiedAt !== null,
      warningNote: s.warningNote,
      publishedAt: s.publishedAt?.toISOString() ?? null,
      metrics: toMetricTable(s.metrics)!,
    }))
    .filter((r) => r.metrics !== null);
  const placed = (r: LeaderboardRow) => ({ exec: (k: number) => r.metrics.exec[String(k)]?.value ?? 0, publishedAt: r.publishedAt });
  rows.sort((a, b) => compareByPlacement(placed(a), placed(b)));
  return {
    benchmark: { slug: v.benchmark.slug, name: v.benchmark.name, version: v.version, queries: v.queryCount, corpus: v.corpusCount },
    rows,
  };
}

export async function listBenchmarks(): Promise<{ slug: string; name: string }[]> {
  return db().benchmark.findMany({ select: { slug: true, name: true }, orderBy: { createdAt: "asc" } });
}
