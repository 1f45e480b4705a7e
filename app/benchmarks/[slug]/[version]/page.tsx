import { versionPath } from "@/components/benchmark/paths";
import { LeaderboardScreen } from "@/app/_server/leaderboard-screen";
import { leaderboardMeta } from "@/app/_server/page-loaders";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  return leaderboardMeta(slug, decodeSegment(version));
}

// The leaderboard of one benchmark version: a link that stays true when newer versions come.
export default async function VersionLeaderboardPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  const v = decodeSegment(version);
  return <LeaderboardScreen slug={slug} version={v} basePath={versionPath(slug, v)} searchParams={await searchParams} />;
}
