import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export interface VersionIds {
  versionId: number;
  slug: string;
  version: string;
  queryIds: string[];
  corpusIds: string[];
}

// The version a new submission is scored against: the benchmark's newest version.
export async function getLatestVersionId(slug: string): Promise<{ id: number; version: string }> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, version: true },
  });
  if (!v) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  return v;
}

// Query and corpus ids in their canonical order (the order of queries.jsonl and corpus.jsonl).
export async function getVersionIds(versionId: number): Promise<VersionIds> {
  const v = await db().benchmarkVersion.findUnique({
    where: { id: versionId },
    select: {
      id: true,
      version: true,
      benchmark: { select: { slug: true } },
      queries: { select: { queryId: true }, orderBy: { position: "asc" } },
      corpus: { select: { corpusId: true }, orderBy: { position: "asc" } },
    },
  });
  if (!v) throw new AppError("NOT_FOUND", `no benchmark version ${versionId}`);
  return {
    versionId: v.id,
    slug: v.benchmark.slug,
    version: v.version,
    queryIds: v.queries.map((q) => q.queryId),
    corpusIds: v.corpus.map((c) => c.corpusId),
  };
}
