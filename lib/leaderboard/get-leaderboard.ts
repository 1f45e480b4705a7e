import { loadTies } from "@/lib/analysis/load-ties";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { db } from "@/lib/db/client";
import { chanceExpectation, type ChanceLine } from "@/lib/metrics/chance";
import { requireExecKind, resolveVersion, type ResolvedVersion } from "./resolve-version";
import { publicMetadata } from "@/lib/submissions/metadata";
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
  /** What the vendor declared about the model (null when not stated). */
  modelInfo: ModelInfo;
  isBaseline: boolean;
  /** A maintainer marked it verified (lib/review). */
  verified: boolean;
  /** A maintainer's warning note to show beside the row, or null. */
  warningNote: string | null;
  publishedAt: string | null;
  metrics: MetricTable;
  /**
   * How much of its ranking exact ties decide (lib/analysis/ties.ts); editBlind: it scores a
   * canonical and its own single-edit distractor identically in at least `threshold` of the
   * pairs. null while its analysis is being (re)computed.
   */
  ties: TieDiagnostics | null;
}

/** The model facts a vendor may declare with a submission; null where not stated. */
export interface ModelInfo {
  /** Parameter count. */
  parameters: number | null;
  license: string | null;
  /** YYYY-MM-DD. */
  releaseDate: string | null;
  /** An http(s) link to the model card or paper (others are never shown). */
  link: string | null;
  revision: string | null;
}

export function modelInfoOf(stored: unknown): ModelInfo {
  const m = (publicMetadata(stored) ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
  return {
    parameters: typeof m.parameters === "number" && Number.isFinite(m.parameters) ? m.parameters : null,
    license: str(m.license),
    releaseDate: str(m.releaseDate),
    link: str(m.link),
    revision: str(m.revision),
  };
}

export interface Leaderboard {
  benchmark: { slug: string; name: string; version: string; queries: number; corpus: number };
  rows: LeaderboardRow[];
  /** The exact expected metrics of a uniformly random ranking (a reference line, not a submission). */
  chance: ChanceLine;
}

// A version's queries never change, so its chance line is computed once per process.
const chanceByVersion = new Map<number, ChanceLine>();

async function chanceOf(versionId: number, corpusCount: number): Promise<ChanceLine> {
  let c = chanceByVersion.get(versionId);
  if (!c) {
    const rows = await db().$queryRaw<{ n: number }[]>`
      SELECT coalesce(cardinality(correct_corpus_ids), 0)::int AS n FROM queries WHERE version_id = ${versionId} ORDER BY position`;
    c = chanceExpectation(rows.map((r) => r.n), corpusCount);
    chanceByVersion.set(versionId, c);
  }
  return c;
}

// Published submissions of a benchmark's newest version (or a named one), best exec@1 first;
// ties fall back to exec@3, exec@5, exec@10, then publication time. Hidden submissions have
// their own status (lib/review), so `status: "published"` already leaves them out.
// `version`: a version name (default: the newest), or one the caller has already resolved.
export async function getLeaderboard(slug: string, version?: string | ResolvedVersion): Promise<Leaderboard> {
  const v = requireExecKind(typeof version === "object" ? version : await resolveVersion(slug, version));
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
  const tiesOf = await loadTies(subs.map((s) => s.id));
  const rows: LeaderboardRow[] = subs
    .map((s) => ({
      submissionId: s.id,
      model: s.modelName,
      provider: s.provider,
      organisation: s.organisation?.name ?? null,
      similarity: s.similarity,
      dims: s.dims,
      openWeights: ((s.metadata as { openWeights?: boolean } | null)?.openWeights ?? null) as boolean | null,
      modelInfo: modelInfoOf(s.metadata),
      isBaseline: s.isBaseline,
      verified: s.verifiedAt !== null,
      warningNote: s.warningNote,
      publishedAt: s.publishedAt?.toISOString() ?? null,
      metrics: toMetricTable(s.metrics)!,
      ties: tiesOf.get(s.id) ?? null,
    }))
    .filter((r) => r.metrics !== null);
  const placed = (r: LeaderboardRow) => ({ exec: (k: number) => r.metrics.exec[String(k)]?.value ?? 0, publishedAt: r.publishedAt });
  rows.sort((a, b) => compareByPlacement(placed(a), placed(b)));
  return {
    benchmark: { slug: v.slug, name: v.name, version: v.version, queries: v.queries, corpus: v.corpus },
    rows,
    chance: await chanceOf(v.id, v.corpus),
  };
}

export async function listBenchmarks(): Promise<{ slug: string; name: string }[]> {
  return db().benchmark.findMany({ select: { slug: true, name: true }, orderBy: { createdAt: "asc" } });
}
