// Which benchmark the home page opens on: the one whose current version has the most
// published results (the oldest benchmark on a tie), and the others to link to.
import { listBenchmarkVersions, type BenchmarkListing } from "@/lib/benchmark/list-benchmark-versions";

export interface FeaturedBenchmarks {
  featured: BenchmarkListing | null;
  all: BenchmarkListing[];
}

export async function getFeaturedBenchmarks(): Promise<FeaturedBenchmarks> {
  const all = (await listBenchmarkVersions()).filter((b) => b.versions.length > 0);
  const published = (b: BenchmarkListing) => b.versions[0].publishedSubmissions;
  const featured = all.reduce<BenchmarkListing | null>((best, b) => (best === null || published(b) > published(best) ? b : best), null);
  return { featured, all };
}
