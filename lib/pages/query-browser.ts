// The query browser of a benchmark version: every query with its domain, its distractors' bug
// types and its difficulty (how many published systems solve it at rank 1, Figure 6a), and
// per-domain exec@1 of every published system (Figure 6b). Only published systems are ever
// read here, whoever is looking.
import { loadVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";
import type { ResolvedVersion } from "@/lib/leaderboard/resolve-version";
import { provisionalOf, type ProvisionalSystem } from "./provisional";
import { loadPerDomain, type HeatmapRow } from "./per-domain-exec";
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
