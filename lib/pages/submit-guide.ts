// What the public "Submit a model" page states, read from the installation rather than written
// down twice: the benchmarks one can submit to, the chosen one's current version and its
// download (files, sizes, checksums), and every limit an upload meets. For a repository-retrieval
// benchmark, also what its run files and chunk embeddings name, with examples taken from the
// version's own samples, files and chunks.
import { describeDataset, type Dataset } from "@/lib/benchmark/dataset";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { MAX_DIMS } from "@/lib/embeddings/validate-submission";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { TIE_GROUP_CAP, TOP_K } from "@/lib/metrics/cut-off";
import { MIN_RANKING_DEPTH } from "@/lib/rankings";
import type { BenchmarkKind } from "@/lib/db/generated/enums";
import { loadRepoVersion, type RepoVersion } from "@/lib/repo-benchmark/load-version";
import { CHUNK_LINES, chunkId, chunkRanges } from "@/lib/repo-files/chunks";
import { BUDGETS, RECALL_KS } from "@/lib/repo-metrics/definitions";
import { RUN_DEPTH } from "@/lib/repo-runs/run-format";

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

/** What a repository-retrieval version holds, and real ids from it for the format examples. */
export interface RepoGuideFacts {
  samples: number;
  /** In benchmark order: what the upload form checks a run file's sample ids against. */
  sampleIds: string[];
  repositories: number;
  files: number;
  chunks: number;
  tasks: { task: string; samples: number }[];
  /** The first sample with files: its id, its snapshot, two of its corpus files (never its gold) and the first file's first chunks. */
  example: { sampleId: string; snapshot: string; paths: string[]; chunkIds: string[] } | null;
  runDepth: number;
  chunkLines: number;
  recallKs: readonly number[];
  budgets: readonly number[];
}

export interface SubmitGuide {
  benchmarks: { slug: string; name: string }[];
  benchmark: {
    slug: string;
    name: string;
    kind: BenchmarkKind;
    version: string;
    queries: number;
    corpus: number;
    license: string;
    dataset: Dataset | null;
    /** Set for a repository-retrieval benchmark. */
    repo: RepoGuideFacts | null;
  } | null;
  limits: SubmitGuideLimits;
}

function repoFacts(v: RepoVersion): RepoGuideFacts {
  const tasks = new Map<string, number>();
  for (const s of v.samples) tasks.set(s.task, (tasks.get(s.task) ?? 0) + 1);
  let chunks = 0;
  for (const snap of v.snapshots) for (const f of snap.files) chunks += chunkRanges(f.lines).length;
  const sample = v.samples.find((s) => s.snapshot.files.some((f) => f.lines > 0));
  let example: RepoGuideFacts["example"] = null;
  if (sample) {
    const gold = new Set(sample.gold);
    const files = sample.snapshot.files.filter((f) => f.lines > 0);
    const picked = [...files.filter((f) => !gold.has(f.path)), ...files.filter((f) => gold.has(f.path))].slice(0, 2);
    const key = sample.snapshot.key;
    example = { sampleId: sample.sampleId, snapshot: key, paths: picked.map((f) => f.path), chunkIds: chunkRanges(picked[0].lines).slice(0, 2).map(([a, b]) => chunkId(key, picked[0].path, a, b)) };
  }
  return {
    samples: v.samples.length,
    sampleIds: v.samples.map((s) => s.sampleId),
    repositories: new Set(v.snapshots.map((s) => s.repo)).size,
    files: v.snapshots.reduce((n, s) => n + s.files.length, 0),
    chunks,
    tasks: [...tasks].map(([task, samples]) => ({ task, samples })),
    example,
    runDepth: RUN_DEPTH,
    chunkLines: CHUNK_LINES,
    recallKs: RECALL_KS,
    budgets: BUDGETS,
  };
}

function nullIfNotFound(e: unknown): null {
  if (isAppError(e) && e.code === "NOT_FOUND") return null;
  throw e;
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
    select: { slug: true, name: true, kind: true, license: true, versions: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { id: true, version: true, queryCount: true, corpusCount: true } } },
  });
  // Unasked, the guide shows the first benchmark of the kind it describes (embeddings or a
  // ranking file scored by execution), not a repository-retrieval one that sorts before it.
  const chosen = slug ? rows.find((b) => b.slug === slug) : (rows.find((b) => b.kind === "exec_retrieval") ?? rows[0]);
  if (slug && !chosen) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  const benchmarks = rows.map((b) => ({ slug: b.slug, name: b.name }));
  if (!chosen) return { benchmarks, benchmark: null, limits };
  const v = chosen.versions[0];
  // A version imported before its files were kept has no download until it is imported again.
  const dataset = await describeDataset(chosen.slug, v.version).catch(nullIfNotFound);
  // A version whose snapshots are not (yet) stored describes itself as empty rather than failing the page.
  const repo = chosen.kind === "repo_retrieval" ? repoFacts((await loadRepoVersion(v.id).catch(nullIfNotFound)) ?? { versionId: v.id, samples: [], snapshots: [] }) : null;
  return {
    benchmarks,
    benchmark: { slug: chosen.slug, name: chosen.name, kind: chosen.kind, version: v.version, queries: v.queryCount, corpus: v.corpusCount, license: chosen.license, dataset, repo },
    limits,
  };
}
