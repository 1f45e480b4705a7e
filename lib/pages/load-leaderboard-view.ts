// Loads one benchmark version's leaderboard and cross-submission statistics and shapes them
// for the page and its downloads. `version` undefined: the benchmark's current (newest) one.
import { getLeaderboard } from "@/lib/leaderboard/get-leaderboard";
import { versionAnalysisView } from "@/lib/leaderboard/get-version-analysis";
import { loadVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import type { LeaderboardParams } from "./leaderboard-params";
import { buildLeaderboardView, type LeaderboardView } from "./leaderboard-view";
import { perDomainRows } from "./per-domain-exec";
import { provisionalOf } from "./provisional";
import { getVersionQueries } from "./version-queries";

export async function loadLeaderboardView(slug: string, version: string | undefined, params: LeaderboardParams): Promise<LeaderboardView> {
  const v = await resolveVersion(slug, version); // once, for everything below
  const [board, stored] = await Promise.all([getLeaderboard(slug, v), loadVersionAnalysis(slug, v)]);
  const view = buildLeaderboardView(board, versionAnalysisView(stored), params, provisionalOf(stored));
  if (params.show !== "domains") return view;
  // The per-domain view: the rows shown (filters and sort applied), exec@1 within each domain.
  const [rows, queries] = await Promise.all([perDomainRows(view.rows.map((r) => ({ submissionId: r.submissionId, model: r.model }))), getVersionQueries(v)]);
  return { ...view, domains: { names: queries.domains, rows } };
}
