import { getLatestVersionId, getVersionIds } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

// What the upload form needs to check a file in the browser: the benchmark's current version
// and its query and corpus ids (public: they are in the benchmark's own files), and the upload
// limit. Without a slug, the first benchmark.
export interface SubmitContext {
  benchmarks: { slug: string; name: string }[];
  benchmark: { slug: string; name: string; version: string; queryIds: string[]; corpusIds: string[] } | null;
  maxBytes: number;
}

export async function getSubmitContext(slug?: string): Promise<SubmitContext> {
  const benchmarks = await db().benchmark.findMany({ where: { versions: { some: {} } }, select: { slug: true, name: true }, orderBy: { slug: "asc" } });
  const maxBytes = getConfig().EXECBOARD_UPLOAD_MAX_BYTES;
  const chosen = slug ? benchmarks.find((b) => b.slug === slug) : benchmarks[0];
  if (slug && !chosen) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  if (!chosen) return { benchmarks, benchmark: null, maxBytes };
  const ids = await getVersionIds((await getLatestVersionId(chosen.slug)).id);
  return { benchmarks, benchmark: { slug: chosen.slug, name: chosen.name, version: ids.version, queryIds: ids.queryIds, corpusIds: ids.corpusIds }, maxBytes };
}
