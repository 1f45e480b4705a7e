// Loads one benchmark version's leaderboard and cross-submission statistics and shapes them
// for the page and its downloads. `version` undefined: the benchmark's current (newest) one.
import { getLeaderboard } from "@/lib/leaderboard/get-leaderboard";
import { getVersionAnalysis } from "@/lib/leaderboard/get-version-analysis";
import type { LeaderboardParams } from "./leaderboard-params";
import { buildLeaderboardView, type LeaderboardView } from "./leaderboard-view";
import { loadProvisional } from "./provisional";

export async function loadLeaderboardView(slug: string, version: string | undefined, params: LeaderboardParams): Promise<LeaderboardView> {
  const [board, analysis, provisional] = await Promise.all([getLeaderboard(slug, version), getVersionAnalysis(slug, version), loadProvisional(slug, version)]);
  return buildLeaderboardView(board, analysis, params, provisional);
}
