// The query browser of a benchmark version: every query with its domain, its distractors' bug
// types and its difficulty (how many published systems solve it at rank 1, Figure 6a), and
// per-domain exec@1 of every published system (Figure 6b). Only published systems are ever
// read here, whoever is looking.
import { db } from "@/lib/db/client";
import type { DomainExec } from "@/lib/analysis/per-domain";
import { loadVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";
import type { ResolvedVersion } from "@/lib/leaderboard/resolve-version";

export interface BrowserQuery {
  queryId: string;
  functionName: string;
  domain: string;
  text: string;
  /** Published systems with exec@1 = 1 on it; null until the version's statistics exist. */
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
  difficulty: { histogram: number[]; solvedByNone: number; solvedByAll: number; median: number; mean: number } | null;
  queries: BrowserQuery[];
  domains: string[];
  bugTypes: string[];
  heatmap: HeatmapRow[];
}

export async function getQueryBrowser(slug: string, version?: string): Promise<QueryBrowserData> {
  const a = await loadVersionAnalysis(slug, version);
  const ids = a.published.map((p) => p.submissionId);
  const [queries, distractors, perDomain] = await Promise.all([
    db().query.findMany({ where: { versionId: a.version.id }, orderBy: { position: "asc" }, select: { queryId: true, functionName: true, domain: true, text: true } }),
    db().corpusItem.findMany({ where: { versionId: a.version.id, role: "distractor" }, select: { queryId: true, bugType: true } }),
    ids.length === 0
      ? Promise.resolve([] as { submission_id: string; per_domain: DomainExec[] | null }[])
      : // Only the small perDomain member of each stored analysis, not its per-query records.
        db().$queryRaw<{ submission_id: string; per_domain: DomainExec[] | null }[]>`
          SELECT submission_id::text AS submission_id, payload->'perDomain' AS per_domain
          FROM submission_analyses WHERE submission_id = ANY(${ids}::uuid[])`,
  ]);
  const solved = new Map((a.payload?.difficulty.perQuery ?? []).map((q) => [q.queryId, q.solvedBy]));
  const bugs = new Map<string, Set<string>>();
  for (const d of distractors) {
    if (!bugs.has(d.queryId)) bugs.set(d.queryId, new Set());
    bugs.get(d.queryId)!.add(d.bugType ?? "unspecified");
  }
  const byId = new Map(perDomain.map((r) => [r.submission_id, r.per_domain ?? []]));
  const d = a.payload?.difficulty;
  return {
    version: a.version,
    systems: a.systems.length,
    stale: a.stale,
    difficulty: d ? { histogram: d.histogram, solvedByNone: d.solvedByNone, solvedByAll: d.solvedByAll, median: d.median, mean: d.mean } : null,
    queries: queries.map((q) => ({ ...q, solvedBy: solved.get(q.queryId) ?? null, bugTypes: [...(bugs.get(q.queryId) ?? [])].sort() })),
    domains: [...new Set(queries.map((q) => q.domain))].sort(),
    bugTypes: [...new Set(distractors.map((x) => x.bugType ?? "unspecified"))].sort(),
    heatmap: a.published.map((p) => ({ submissionId: p.submissionId, model: p.model, cells: new Map((byId.get(p.submissionId) ?? []).map((c) => [c.domain, c])) })),
  };
}
