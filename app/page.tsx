import Link from "next/link";
import { versionPath } from "@/components/benchmark/paths";
import { LeaderboardScreen } from "@/app/_server/leaderboard-screen";
import { leaderboardMeta, loadFeatured } from "@/app/_server/page-loaders";
import type { RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  const { featured } = await loadFeatured();
  return featured ? leaderboardMeta(featured.slug, featured.versions[0].version) : {};
}

// The home page is the leaderboard of the benchmark with the most published results (its
// current version); other benchmarks are one link away.
export default async function HomePage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const { featured, all } = await loadFeatured();
  if (!featured) {
    return <p className="text-slate-600">No benchmark has been imported yet. Run `npx execboard benchmark import &lt;dir&gt;`.</p>;
  }
  const others = all.filter((b) => b.slug !== featured.slug);
  return (
    <div className="space-y-10">
      <LeaderboardScreen slug={featured.slug} version={featured.versions[0].version} basePath="/" searchParams={await searchParams} />
      {others.length > 0 && (
        <nav aria-labelledby="other-benchmarks" className="border-t border-slate-200 pt-6">
          <h2 id="other-benchmarks" className="text-sm font-semibold text-slate-900">
            Other benchmarks
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {others.map((b) => (
              <li key={b.slug}>
                <Link href={versionPath(b.slug, b.versions[0].version)} className="inline-block rounded-md bg-white px-3 py-1.5 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                  {b.name} <span className="text-slate-500">· {b.versions[0].publishedSubmissions} results</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
