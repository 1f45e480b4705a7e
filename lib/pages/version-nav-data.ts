// A benchmark's name and versions (newest first) for the version picker of its reader pages.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export interface VersionNavData {
  slug: string;
  name: string;
  versions: { version: string; current: boolean }[];
  /** The chosen version's files are kept: it can be downloaded. */
  downloadable: boolean;
}

export async function getVersionNavData(slug: string, version?: string): Promise<VersionNavData & { version: string }> {
  const b = await db().benchmark.findUnique({
    where: { slug },
    select: { slug: true, name: true, versions: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { version: true, _count: { select: { files: true } } } } },
  });
  if (!b || b.versions.length === 0) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  const chosen = version ?? b.versions[0].version;
  if (!b.versions.some((v) => v.version === chosen)) throw new AppError("NOT_FOUND", `no version ${chosen} of benchmark ${slug}`);
  return {
    slug: b.slug,
    name: b.name,
    version: chosen,
    versions: b.versions.map((v, i) => ({ version: v.version, current: i === 0 })),
    downloadable: b.versions.some((v) => v.version === chosen && v._count.files > 0),
  };
}
