import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export interface ResolvedVersion {
  id: number;
  slug: string;
  name: string;
  version: string;
  queries: number;
  corpus: number;
}

// A benchmark's newest version, or the named one.
export async function resolveVersion(slug: string, version?: string): Promise<ResolvedVersion> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug }, ...(version ? { version } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, version: true, queryCount: true, corpusCount: true, benchmark: { select: { slug: true, name: true } } },
  });
  if (!v) throw new AppError("NOT_FOUND", version ? `no version ${version} of benchmark ${slug}` : `no benchmark named ${slug}`);
  return { id: v.id, slug: v.benchmark.slug, name: v.benchmark.name, version: v.version, queries: v.queryCount, corpus: v.corpusCount };
}
