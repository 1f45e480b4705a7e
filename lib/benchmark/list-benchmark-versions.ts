import { db } from "@/lib/db/client";

export interface BenchmarkVersionView {
  version: string;
  description: string;
  createdAt: string;
  queries: number;
  corpus: number;
  distractors: number;
  /** Published submissions only: unpublished ones are not for every reader's eyes. */
  publishedSubmissions: number;
  /** The version new submissions are scored against (the newest). */
  current: boolean;
  /** Its files are kept, so it can be downloaded (versions imported before that cannot, until imported again). */
  downloadable: boolean;
}

export interface BenchmarkListing {
  slug: string;
  name: string;
  description: string;
  license: string;
  versions: BenchmarkVersionView[];
}

// Every benchmark with its versions, newest first, with the counts a reader compares versions by.
export async function listBenchmarkVersions(): Promise<BenchmarkListing[]> {
  const [benchmarks, distractors, published] = await Promise.all([
    db().benchmark.findMany({
      orderBy: { slug: "asc" },
      select: {
        slug: true,
        name: true,
        description: true,
        license: true,
        versions: {
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: { id: true, version: true, description: true, createdAt: true, queryCount: true, corpusCount: true, _count: { select: { files: true } } },
        },
      },
    }),
    db().corpusItem.groupBy({ by: ["versionId"], where: { role: "distractor" }, _count: { _all: true } }),
    db().submission.groupBy({ by: ["versionId"], where: { status: "published" }, _count: { _all: true } }),
  ]);
  const distractorsOf = new Map(distractors.map((d) => [d.versionId, d._count._all]));
  const publishedOf = new Map(published.map((p) => [p.versionId, p._count._all]));
  return benchmarks.map((b) => ({
    slug: b.slug,
    name: b.name,
    description: b.description,
    license: b.license,
    versions: b.versions.map((v, i) => ({
      version: v.version,
      description: v.description,
      createdAt: v.createdAt.toISOString(),
      queries: v.queryCount,
      corpus: v.corpusCount,
      distractors: distractorsOf.get(v.id) ?? 0,
      publishedSubmissions: publishedOf.get(v.id) ?? 0,
      current: i === 0,
      downloadable: v._count.files > 0,
    })),
  }));
}
