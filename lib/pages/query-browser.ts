// The query browser of a benchmark version: every query with its domain, its distractors' bug
// types and its difficulty (how many published systems solve it at rank 1, Figure 6a), and
// per-domain exec@1 of every published system (Figure 6b). Only published systems are ever
// read here, whoever is looking.
import { db } from "@/lib/db/client";
import { analysisRowStamp, VersionedMemo } from "@/lib/db/versioned-memo";
import type { DomainExec } from "@/lib/analysis/per-domain";
import { loadVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";
import type { ResolvedVersion } from "@/lib/leaderboard/resolve-version";
import { provisionalOf, type ProvisionalSystem } from "./provisional";
import { getVersionQueries } from "./version-queries";

export interface BrowserQuery {
  queryId: string;
  functionName: string;
  domain: string;
  text: string;
  /**
   * Expected number of published systems whose rank-1 snippet passes (a system with a tie at
   * rank 1 counts its chance, so it may be a fraction); null until the statistics exist.
   */
  solvedBy: number | null;
  bugTypes: string[];
}

export interface HeatmapRow {
  submissionId: string;
  model: string;
  /** By domain; missing when the system's analysis has not been computed. */
  cells: Map<string, DomainExec>;
}

export interface QueryBrowserData {
  version: ResolvedVersion;
  /** Systems the difficulty counts describe (published, in leaderboard order). */
  systems: number;
  stale: boolean;
  /** Published systems awaiting their re-score by the current engine. */
  provisional: ProvisionalSystem[];
  /** Expected counts (Poisson-binomial over the systems' tie-aware exec@1): histogram[n] queries solved by exactly n. */
  difficulty: { histogram: number[]; solvedByNone: number; solvedByAll: number; median: number; mean: number } | null;
  queries: BrowserQuery[];
  domains: string[];
  bugTypes: string[];
  heatmap: HeatmapRow[];
}

// Each published system's per-domain exec@1, per submission while its analysis row is unchanged
// (its xmin changes with every re-score; a re-run deletes it).
const perDomainMemo = new VersionedMemo<DomainExec[]>(256);

/** Per-domain exec@1 of each submission that has an analysis; only the misses are read. */
async function loadPerDomain(ids: string[]): Promise<Map<string, DomainExec[]>> {
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

export async function getQueryBrowser(slug: string, version?: string): Promise<QueryBrowserData> {
  const a = await loadVersionAnalysis(slug, version);
  const ids = a.published.map((p) => p.submissionId);
  const v = a.version;
  const [vq, byId] = await Promise.all([getVersionQueries(v), loadPerDomain(ids)]);
  const solved = new Map((a.payload?.difficulty.perQuery ?? []).map((q) => [q.queryId, q.solvedBy]));
  const d = a.payload?.difficulty;
  return {
    version: a.version,
    systems: a.systems.length,
    stale: a.stale,
    provisional: provisionalOf(a),
    difficulty: d ? { histogram: d.histogram, solvedByNone: d.solvedByNone, solvedByAll: d.solvedByAll, median: d.median, mean: d.mean } : null,
    queries: vq.queries.map((q) => ({ ...q, solvedBy: solved.get(q.queryId) ?? null })),
    domains: vq.domains,
    bugTypes: vq.bugTypes,
    heatmap: a.published.map((p) => ({ submissionId: p.submissionId, model: p.model, cells: new Map((byId.get(p.submissionId) ?? []).map((c) => [c.domain, c])) })),
  };
}
