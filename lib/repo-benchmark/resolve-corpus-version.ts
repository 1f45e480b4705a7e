import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/** A repository-retrieval benchmark's newest version, or the named one (NOT_FOUND otherwise, also for another kind). */
export async function resolveCorpusVersion(slug: string, version: string | undefined): Promise<number> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug }, ...(version ? { version } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, benchmark: { select: { kind: true } } },
  });
  if (!v) throw new AppError("NOT_FOUND", version ? `no version ${version} of benchmark ${slug}` : `no benchmark named ${slug}`);
  if (v.benchmark.kind !== "repo_retrieval") throw new AppError("NOT_FOUND", `${slug} is not a repository-retrieval benchmark: it has no file corpus`);
  return v.id;
}
