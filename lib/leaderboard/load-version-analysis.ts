// The stored cross-submission statistics of a version, checked against the current published
// set: `stale` when a publication (or withdrawal) has not been folded in yet. Only submissions
// that are published now are ever named.
import { db } from "@/lib/db/client";
import type { QueryDifficulty } from "./difficulty";
import { listPublishedInOrder, type PublishedSystem } from "./list-published";
import { resolveVersion, type ResolvedVersion } from "./resolve-version";
import type { TieGroup } from "./tie-groups";

export interface StoredVersionAnalysis {
  version: ResolvedVersion;
  published: PublishedSystem[];
  /** null when nothing has been computed for this version yet. */
  computedAt: string | null;
  stale: boolean;
  /** The systems the statistics describe that are still published, in the order they were placed. */
  systems: PublishedSystem[];
  payload: { bootstrap: { replicates: number; seed: number; method: string }; difficulty: QueryDifficulty; tieGroups: TieGroup[] } | null;
}

export async function loadVersionAnalysis(slug: string, version?: string): Promise<StoredVersionAnalysis> {
  const v = await resolveVersion(slug, version);
  const [published, row] = await Promise.all([
    listPublishedInOrder(v.id),
    db().versionAnalysis.findUnique({ where: { versionId: v.id }, select: { computedAt: true, submissionIds: true, payload: true } }),
  ]);
  const byId = new Map(published.map((p) => [p.submissionId, p]));
  const described = row?.submissionIds ?? [];
  const stale = !row || described.length !== published.length || described.some((id) => !byId.has(id));
  return {
    version: v,
    published,
    computedAt: row?.computedAt.toISOString() ?? null,
    stale,
    systems: described.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    payload: (row?.payload as StoredVersionAnalysis["payload"]) ?? null,
  };
}
