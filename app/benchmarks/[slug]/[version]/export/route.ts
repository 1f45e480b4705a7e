// GET /benchmarks/{slug}/{version}/export?format=csv|json&<leaderboard state> – the
// leaderboard exactly as the page shows it for the same state (rows, order, columns).
import { leaderboardCsv, leaderboardJson } from "@/lib/pages/leaderboard-export";
import { parseLeaderboardParams } from "@/lib/pages/leaderboard-params";
import { loadLeaderboardView } from "@/lib/pages/load-leaderboard-view";
import { isAppError } from "@/lib/errors/app-error";
import { decodeSegment } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  const url = new URL(request.url);
  const raw: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (raw[k] ??= []).push(v);
  const format = url.searchParams.get("format") === "json" ? "json" : "csv";
  try {
    const view = await loadLeaderboardView(slug, decodeSegment(version), parseLeaderboardParams(raw));
    const name = `${view.benchmark.slug}-${view.benchmark.version}-leaderboard-k${view.params.k}.${format}`.replace(/[^\w.@-]/g, "_");
    const body = format === "json" ? JSON.stringify(leaderboardJson(view), null, 2) + "\n" : leaderboardCsv(view);
    return new Response(body, {
      headers: {
        "content-type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
      },
    });
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return new Response(`${e.message}\n`, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw e;
  }
}
