// Loads one benchmark version's leaderboard and cross-submission statistics and shapes them
// for the page and its downloads. `version` undefined: the benchmark's current (newest) one.
import { getLeaderboard } from "@/lib/leaderboard/get-leaderboard";
import { versionAnalysisView } from "@/lib/leaderboard/get-version-analysis";
import { loadVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import type { LeaderboardParams } from "./leaderboard-params";
import { buildLeaderboardView, type LeaderboardView } from "./leaderboard-view";
import { provisionalOf } from "./provisional";

export async function loadLeaderboardView(slug: string, version: string | undefined, params: LeaderboardParams): Promise<LeaderboardView> {
  const v = await resolveVersion(slug, version); // once, for everything below
  const [board, stored] = await Promise.all([getLeaderboard(slug, v), loadVersionAnalysis(slug, v)]);
  return buildLeaderboardView(board, versionAnalysisView(stored), params, provisionalOf(stored));
}
