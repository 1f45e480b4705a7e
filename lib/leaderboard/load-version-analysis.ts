// The stored cross-submission statistics of a version, checked against the current published
// set: `stale` when a publication (or withdrawal) has not been folded in yet. Only submissions
// that are published now are ever named.
import { db } from "@/lib/db/client";
import { analysisRowStamp, VersionedMemo } from "@/lib/db/versioned-memo";
import type { QueryDifficulty } from "./difficulty";
import { listPublishedInOrder, type PublishedSystem } from "./list-published";
import { requireExecKind, resolveVersion, type ResolvedVersion } from "./resolve-version";
import type { TieGroup } from "./tie-groups";

export interface StoredVersionAnalysis {
  version: ResolvedVersion;
  published: PublishedSystem[];
  /** null when nothing has been computed for this version yet. */
  computedAt: string | null;
  stale: boolean;
  /** The systems the statistics describe that are still published, in the order they were placed. */
  systems: PublishedSystem[];
  /**
   * provisional: published submissions scored by an older scoring engine, awaiting their
   * re-score; statistics involving them are provisional until then.
   */
  payload: { bootstrap: { replicates: number; seed: number; method: string }; difficulty: QueryDifficulty; tieGroups: TieGroup[]; provisional: string[] } | null;
}

type Payload = NonNullable<StoredVersionAnalysis["payload"]>;

// The payload (with one record per query) parsed once per version and row version: the row's
// xmin changes with every recompute, so a new publication's statistics show as soon as they
// are stored. Callers must not modify what they get.
const payloadMemo = new VersionedMemo<Payload | null>(16);

export async function loadVersionAnalysis(slug: string, version?: string | ResolvedVersion): Promise<StoredVersionAnalysis> {
  const v = requireExecKind(typeof version === "object" ? version : await resolveVersion(slug, version));
  const [published, [row]] = await Promise.all([
    listPublishedInOrder(v.id),
    db().$queryRaw<{ computed_at: Date; submission_ids: string[]; stamp: string }[]>`
      SELECT computed_at, submission_ids::text[] AS submission_ids,
             ${analysisRowStamp()} AS stamp
      FROM version_analyses WHERE version_id = ${v.id}`,
  ]);
  const payload = row
    ? await payloadMemo.get(String(v.id), row.stamp, async () => {
        const [p] = await db().$queryRaw<{ payload: string }[]>`SELECT payload::text AS payload FROM version_analyses WHERE version_id = ${v.id}`;
        return p ? (JSON.parse(p.payload) as Payload) : null; // deleted in between
      })
    : null;
  const byId = new Map(published.map((p) => [p.submissionId, p]));
  const described = row?.submission_ids ?? [];
  const stale = !row || described.length !== published.length || described.some((id) => !byId.has(id));
  return {
    version: v,
    published,
    computedAt: row?.computed_at.toISOString() ?? null,
    stale,
    systems: described.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    payload,
  };
}
