import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { getLeaderboard, listBenchmarks } from "@/lib/leaderboard/get-leaderboard";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const benchmarks = await listBenchmarks();
  if (benchmarks.length === 0) {
    return <p className="text-slate-600">No benchmark has been imported yet. Run `npx execboard benchmark import &lt;dir&gt;`.</p>;
  }
  const boards = await Promise.all(benchmarks.map((b) => getLeaderboard(b.slug)));
  return (
    <div className="space-y-12">
      {boards.map((board) => (
        <section key={board.benchmark.slug} className="space-y-4">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{board.benchmark.name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Version {board.benchmark.version} · {board.benchmark.queries} queries · {board.benchmark.corpus} snippets in the pool ·
              a retrieved snippet counts only if it passes every test of the query. Values are means over queries with 95% bootstrap
              intervals.
            </p>
          </div>
          {board.rows.length === 0 ? (
            <p className="text-slate-600">No published submissions yet.</p>
          ) : (
            <LeaderboardTable rows={board.rows} />
          )}
        </section>
      ))}
    </div>
  );
}
