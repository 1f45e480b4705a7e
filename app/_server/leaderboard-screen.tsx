import { loadLeaderboardView } from "@/lib/pages/load-leaderboard-view";
import { parseLeaderboardParams } from "@/lib/pages/leaderboard-params";
import { orNotFound } from "./or-not-found";
import type { RawSearchParams } from "@/lib/pages/search-params";
import { loadBenchmarkKind, loadVersionNav } from "@/app/_server/page-loaders";
import { LeaderboardPage } from "@/components/leaderboard/leaderboard-page";
import { RepoBoardScreen } from "@/app/_server/repo/repo-board-screen";

// Loads and renders one version's leaderboard for a URL state; shared by "/", the benchmark's
// page (current version) and the version's own page.
export async function LeaderboardScreen({ slug, version, basePath, searchParams }: { slug: string; version?: string; basePath: string; searchParams: RawSearchParams }) {
  if ((await orNotFound(loadBenchmarkKind(slug))).id === "repo_retrieval") return <RepoBoardScreen slug={slug} version={version} basePath={basePath} searchParams={searchParams} />;
  const params = parseLeaderboardParams(searchParams);
  const nav = await orNotFound(loadVersionNav(slug, version));
  const view = await orNotFound(loadLeaderboardView(slug, nav.version, params));
  return <LeaderboardPage view={view} basePath={basePath} nav={nav} />;
}
