import { z } from "zod";
import { db } from "@/lib/db/client";
import type { SubmissionStatus } from "@/lib/submissions/status";

// The maintainers' view of every benchmark version: its size, which one is current, how many
// submissions it has in each state, and whether its cross-submission statistics are up to date.
const counts = z.strictObject({
  running: z.number().int(),
  awaiting: z.number().int().describe("scored, not yet reviewed"),
  published: z.number().int(),
  hidden: z.number().int(),
  rejected: z.number().int(),
  failed: z.number().int(),
});

export const versionOverviewSchema = z.array(
  z.strictObject({
    benchmark: z.strictObject({ slug: z.string(), name: z.string() }),
    version: z.string(),
    current: z.boolean().describe("new submissions are scored against the newest version"),
    createdAt: z.iso.datetime(),
    queries: z.number().int(),
    corpus: z.number().int(),
    submissions: counts,
    statistics: z
      .strictObject({ computedAt: z.iso.datetime(), systems: z.number().int(), current: z.boolean().describe("they describe exactly the published set") })
      .nullable(),
  }),
);
export type VersionOverview = z.infer<typeof versionOverviewSchema>;

const BUCKET: Record<SubmissionStatus, keyof z.infer<typeof counts>> = {
  queued: "running",
  validating: "running",
  ranking: "running",
  executing: "running",
  scoring: "running",
  scored: "awaiting",
  published: "published",
  hidden: "hidden",
  rejected: "rejected",
  failed: "failed",
};

export async function listVersionOverview(): Promise<VersionOverview> {
  const [versions, grouped, published] = await Promise.all([
    db().benchmarkVersion.findMany({
      orderBy: [{ benchmark: { slug: "asc" } }, { createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        version: true,
        createdAt: true,
        queryCount: true,
        corpusCount: true,
        benchmark: { select: { slug: true, name: true } },
        analysis: { select: { computedAt: true, submissionIds: true } },
      },
    }),
    db().submission.groupBy({ by: ["versionId", "status"], _count: { _all: true } }),
    db().submission.findMany({ where: { status: "published" }, select: { id: true, versionId: true } }),
  ]);
  const publishedOf = new Map<number, Set<string>>();
  for (const p of published) publishedOf.set(p.versionId, (publishedOf.get(p.versionId) ?? new Set()).add(p.id));
  const seen = new Set<string>();
  return versions.map((v) => {
    const c = { running: 0, awaiting: 0, published: 0, hidden: 0, rejected: 0, failed: 0 };
    for (const g of grouped) if (g.versionId === v.id) c[BUCKET[g.status]] += g._count._all;
    const current = !seen.has(v.benchmark.slug);
    seen.add(v.benchmark.slug);
    const pub = publishedOf.get(v.id) ?? new Set<string>();
    const a = v.analysis;
    return {
      benchmark: v.benchmark,
      version: v.version,
      current,
      createdAt: v.createdAt.toISOString(),
      queries: v.queryCount,
      corpus: v.corpusCount,
      submissions: c,
      statistics: a
        ? { computedAt: a.computedAt.toISOString(), systems: a.submissionIds.length, current: a.submissionIds.length === pub.size && a.submissionIds.every((id) => pub.has(id)) }
        : null,
    };
  });
}
