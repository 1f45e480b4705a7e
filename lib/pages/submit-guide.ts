// What the public "Submit a model" page states, read from the installation rather than written
// down twice: the benchmarks one can submit to, the chosen one's current version and its
// download (files, sizes, checksums), and every limit an upload meets.
import { describeDataset, type Dataset } from "@/lib/benchmark/dataset";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { MAX_DIMS } from "@/lib/embeddings/validate-submission";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { TIE_GROUP_CAP, TOP_K } from "@/lib/metrics/cut-off";
import { MIN_RANKING_DEPTH } from "@/lib/rankings";

export interface SubmitGuideLimits {
  multipartBytes: number;
  resumableBytes: number;
  maxDims: number;
  topK: number;
  tieGroupCap: number;
  rankingDepth: number;
  quota: { perDay: number; total: number; concurrent: number };
  rate: { perToken: number; windowSeconds: number };
}

export interface SubmitGuide {
  benchmarks: { slug: string; name: string }[];
  benchmark: { slug: string; name: string; version: string; queries: number; corpus: number; license: string; dataset: Dataset | null } | null;
  limits: SubmitGuideLimits;
}

export async function getSubmitGuide(slug?: string): Promise<SubmitGuide> {
  const c = getConfig();
  const limits: SubmitGuideLimits = {
    multipartBytes: c.EXECBOARD_UPLOAD_MAX_BYTES,
    resumableBytes: c.EXECBOARD_UPLOAD_SESSION_MAX_BYTES,
    maxDims: MAX_DIMS,
    topK: TOP_K,
    tieGroupCap: TIE_GROUP_CAP,
    rankingDepth: MIN_RANKING_DEPTH,
    quota: { perDay: c.EXECBOARD_QUOTA_PER_DAY, total: c.EXECBOARD_QUOTA_TOTAL, concurrent: c.EXECBOARD_QUOTA_CONCURRENT },
    rate: { perToken: c.EXECBOARD_RATE_LIMIT_PER_TOKEN, windowSeconds: c.EXECBOARD_RATE_LIMIT_WINDOW_SECONDS },
  };
  const rows = await db().benchmark.findMany({
    where: { versions: { some: {} } },
    orderBy: { slug: "asc" },
    select: { slug: true, name: true, kind: true, license: true, versions: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { version: true, queryCount: true, corpusCount: true } } },
  });
  // Unasked, the guide shows the first benchmark of the kind it describes (embeddings or a
  // ranking file scored by execution), not a repository-retrieval one that sorts before it.
  const chosen = slug ? rows.find((b) => b.slug === slug) : (rows.find((b) => b.kind === "exec_retrieval") ?? rows[0]);
  if (slug && !chosen) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  const benchmarks = rows.map((b) => ({ slug: b.slug, name: b.name }));
  if (!chosen) return { benchmarks, benchmark: null, limits };
  const v = chosen.versions[0];
  // A version imported before its files were kept has no download until it is imported again.
  const dataset = await describeDataset(chosen.slug, v.version).catch((e) => {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  return { benchmarks, benchmark: { slug: chosen.slug, name: chosen.name, version: v.version, queries: v.queryCount, corpus: v.corpusCount, license: chosen.license, dataset }, limits };
}
