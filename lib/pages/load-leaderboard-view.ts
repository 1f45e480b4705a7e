// Loads one benchmark version's leaderboard and cross-submission statistics and shapes them
// for the page and its downloads. `version` undefined: the benchmark's current (newest) one.
import { getLeaderboard } from "@/lib/leaderboard/get-leaderboard";
import { getVersionAnalysis } from "@/lib/leaderboard/get-version-analysis";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import type { LeaderboardParams } from "./leaderboard-params";
import { buildLeaderboardView, type LeaderboardView } from "./leaderboard-view";

export async function loadLeaderboardView(slug: string, version: string | undefined, params: LeaderboardParams): Promise<LeaderboardView> {
  const v = await resolveVersion(slug, version); // once, for both
  const [board, analysis] = await Promise.all([getLeaderboard(slug, v), getVersionAnalysis(slug, v)]);
  return buildLeaderboardView(board, analysis, params);
}
