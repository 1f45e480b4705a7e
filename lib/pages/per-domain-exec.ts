// Per-domain exec@1 of published systems (the paper's Figure 6b), for the query browser's
// heatmap and the leaderboard's per-domain view: only the small perDomain member of each stored
// analysis is read, memoized per submission while its analysis row is unchanged.
import type { DomainExec } from "@/lib/analysis/per-domain";
import { db } from "@/lib/db/client";
import { analysisRowStamp, VersionedMemo } from "@/lib/db/versioned-memo";

export interface HeatmapRow {
  submissionId: string;
  model: string;
  /** By domain; missing when the system's analysis has not been computed. */
  cells: Map<string, DomainExec>;
}

// Each published system's per-domain exec@1, per submission while its analysis row is unchanged
// (its xmin changes with every re-score; a re-run deletes it).
const perDomainMemo = new VersionedMemo<DomainExec[]>(256);

/** Per-domain exec@1 of each submission that has an analysis; only the misses are read. */
export async function loadPerDomain(ids: string[]): Promise<Map<string, DomainExec[]>> {
  if (ids.length === 0) return new Map();
  const stamps = await db().$queryRaw<{ submission_id: string; stamp: string }[]>`
    SELECT submission_id::text AS submission_id,
           ${analysisRowStamp()} AS stamp
    FROM submission_analyses WHERE submission_id = ANY(${ids}::uuid[])`;
  const missing = stamps.filter((r) => !perDomainMemo.has(r.submission_id, r.stamp)).map((r) => r.submission_id);
  // Only the small perDomain member of each stored analysis, not its per-query records.
  const fresh = missing.length === 0
    ? new Map<string, DomainExec[]>()
    : new Map(
        (
          await db().$queryRaw<{ submission_id: string; per_domain: DomainExec[] | null }[]>`
            SELECT submission_id::text AS submission_id, payload->'perDomain' AS per_domain
            FROM submission_analyses WHERE submission_id = ANY(${missing}::uuid[])`
        ).map((r) => [r.submission_id, r.per_domain ?? []]),
      );
  const out = new Map<string, DomainExec[]>();
  for (const r of stamps) out.set(r.submission_id, await perDomainMemo.get(r.submission_id, r.stamp, async () => fresh.get(r.submission_id) ?? []));
  return out;
}


/** Heatmap rows for these systems, in the order given. */
export async function perDomainRows(systems: readonly { submissionId: string; model: string }[]): Promise<HeatmapRow[]> {
  const byId = await loadPerDomain(systems.map((s) => s.submissionId));
  return systems.map((s) => ({ submissionId: s.submissionId, model: s.model, cells: new Map((byId.get(s.submissionId) ?? []).map((c) => [c.domain, c])) }));
}
