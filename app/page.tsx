import { KSwitcher } from "@/components/leaderboard/k-switcher";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { getLeaderboard, listBenchmarks } from "@/lib/leaderboard/get-leaderboard";

export const dynamic = "force-dynamic";

const KS = [1, 3, 5, 10];

export default async function HomePage({ searchParams }: { searchParams: Promise<{ k?: string }> }) {
  const requested = Number((await searchParams).k);
  const k = KS.includes(requested) ? requested : 1;
  const benchmarks = await listBenchmarks();
  if (benchmarks.length === 0) {
    return <p className="text-slate-600">No benchmark has been imported yet. Run `npx execboard benchmark import &lt;dir&gt;`.</p>;
  }
  const boards = await Promise.all(benchmarks.map((b) => getLeaderboard(b.slug)));
  return (
    <div className="space-y-12">
      {boards.map((board) => (
        <section key={board.benchmark.slug} className="space-y-4" aria-labelledby={`bench-${board.benchmark.slug}`}>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 id={`bench-${board.benchmark.slug}`} className="text-2xl font-semibold tracking-tight">
                {board.benchmark.name}
              </h1>
              <p className="mt-1 max-w-3xl text-sm text-slate-600">
                Version {board.benchmark.version} · {board.benchmark.queries} queries · {board.benchmark.corpus} snippets in the
                pool. A retrieved snippet counts only if it passes every test of its query. Values are means over queries with 95%
                bootstrap intervals.
              </p>
            </div>
            <KSwitcher k={k} />
          </div>
          {board.rows.length === 0 ? (
            <p className="text-slate-600">No published submissions yet.</p>
          ) : (
            <LeaderboardTable rows={board.rows} k={k} />
          )}
        </section>
      ))}
    </div>
  );
}
