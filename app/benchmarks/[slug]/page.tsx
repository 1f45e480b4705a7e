import { LeaderboardScreen } from "@/app/_server/leaderboard-screen";
import type { RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

// A benchmark's leaderboard at its current (newest) version.
export default async function BenchmarkPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug } = await params;
  return <LeaderboardScreen slug={slug} basePath={`/benchmarks/${encodeURIComponent(slug)}`} searchParams={await searchParams} />;
}
