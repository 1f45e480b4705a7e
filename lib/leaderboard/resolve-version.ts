import { db } from "@/lib/db/client";
import type { BenchmarkKind } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";

export interface ResolvedVersion {
  id: number;
  slug: string;
  name: string;
  version: string;
  queries: number;
  corpus: number;
  kind: BenchmarkKind;
}

// A benchmark's newest version, or the named one.
export async function resolveVersion(slug: string, version?: string): Promise<ResolvedVersion> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug }, ...(version ? { version } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, version: true, queryCount: true, corpusCount: true, benchmark: { select: { slug: true, name: true, kind: true } } },
  });
  if (!v) throw new AppError("NOT_FOUND", version ? `no version ${version} of benchmark ${slug}` : `no benchmark named ${slug}`);
  return { id: v.id, slug: v.benchmark.slug, name: v.benchmark.name, version: v.version, queries: v.queryCount, corpus: v.corpusCount, kind: v.benchmark.kind };
}

// The execution-grounded statistics (this folder's) of a benchmark of another kind do not exist:
// such a request is answered like one for a missing benchmark, saying where its numbers are.
export function requireExecKind(v: ResolvedVersion): ResolvedVersion {
  if (v.kind !== "exec_retrieval") throw new AppError("NOT_FOUND", `${v.slug} is a repository-retrieval benchmark: its leaderboard is GET /api/v1/benchmarks/${v.slug}/repo-board`);
  return v;
}
