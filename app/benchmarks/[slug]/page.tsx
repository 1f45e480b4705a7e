import { LeaderboardScreen } from "@/app/_server/leaderboard-screen";
import { leaderboardMeta } from "@/app/_server/page-loaders";
import type { RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }) {
  return leaderboardMeta((await params).slug);
}

// A benchmark's leaderboard at its current (newest) version.
export default async function BenchmarkPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug } = await params;
  return <LeaderboardScreen slug={slug} basePath={`/benchmarks/${encodeURIComponent(slug)}`} searchParams={await searchParams} />;
}
