import Link from "next/link";
import { RepoCompareScreen } from "@/app/_server/repo/compare-screen";
import { comparePath } from "@/components/benchmark/paths";
import { ProvisionalNote } from "@/components/benchmark/provisional-note";
import { VersionNav } from "@/components/benchmark/version-nav";
import { ComparePicker } from "@/components/compare/compare-picker";
import { DiscordantLists } from "@/components/compare/discordant-lists";
import { PairedTable } from "@/components/compare/paired-table";
import { PValueHeatmap } from "@/components/compare/pvalue-heatmap";
import { Card } from "@/components/ui/card";
import { getPageViewer } from "@/app/_server/page-viewer";
import { getCompare } from "@/lib/pages/compare";
import { discordantQueries } from "@/lib/pages/discordant";
import { compareQuery, parseCompareParams } from "@/lib/pages/compare-params";
import { orNotFound } from "@/app/_server/or-not-found";
import { getPValueMatrix } from "@/lib/pages/pvalue-matrix";
import { loadVersionNav } from "@/app/_server/page-loaders";
import { versionMetadata, versionPage, type VersionScreenProps } from "@/app/_server/version-page";

export const dynamic = "force-dynamic";

export const generateMetadata = versionMetadata({
  exec_retrieval: (what) => [
    `Compare systems on ${what}`,
    `Paired comparisons of published systems on ${what}: differences with their significance, and the queries one solves and another does not.`,
  ],
  repo_retrieval: (what) => [
    `Compare runs on ${what}`,
    `Published runs of ${what} side by side, per task and in both weightings, with the paired sign-flip test between each pair.`,
  ],
});

// Compare 2-4 submissions of a version on the same queries: the paired table (Table 5), the
// p-value heatmap of all published systems, and the queries one solves and another does not.
async function ExecCompareScreen({ slug, version, searchParams }: VersionScreenProps) {
  const nav = await orNotFound(loadVersionNav(slug, version));
  const p = parseCompareParams(searchParams);
  const [data, matrix] = await Promise.all([orNotFound(getCompare(slug, nav.version, p.sel, await getPageViewer())), orNotFound(getPValueMatrix(slug, nav.version, p.k))]);
  const base = comparePath(slug, nav.version);
  const letters = new Map(data.selected.map((s, i) => [s.submissionId, String.fromCharCode(65 + i)]));
  const pairIndex = Math.min(p.pair, Math.max(0, data.pairs.length - 1));
  const pair = data.pairs[pairIndex];
  const lists = pair && discordantQueries(data.queries, data.solved.get(pair.a.submissionId)!.values[p.k], data.solved.get(pair.b.submissionId)!.values[p.k]);
  const dropped = p.sel.length - data.selected.length;
  return (
    <section aria-labelledby="compare-heading" className="space-y-6">
      <VersionNav {...nav} tab="compare" headingId="compare-heading" />
      <ProvisionalNote systems={matrix.provisional} />
      <Card id="pick-heading" title="Choose submissions" lead="Paired on the same queries: a difference counts only if the same queries go the other way often enough.">
        <ComparePicker action={base} candidates={data.candidates} p={{ ...p, sel: data.selected.map((s) => s.submissionId) }} />
        {dropped > 0 && (
          <p role="status" className="mt-2 text-sm text-amber-900">
            {p.sel.length > 4 ? "At most four submissions are compared; the first four you can see were kept." : "Some selected submissions are not available to compare."}
          </p>
        )}
      </Card>

      {data.pairs.length > 0 ? (
        <>
          <Card id="paired-heading" title="Paired comparisons" lead="The paper's Table 5. A-only / B-only: queries solved within the top k by one and not the other, expected over the orders of exactly tied snippets (whole numbers when nothing is tied); Δ: paired bootstrap, 95% interval; p: two-sided paired sign-flip test on the per-query exec@k (the exact McNemar test when nothing is tied).">
            <PairedTable pairs={data.pairs} letters={letters} />
          </Card>
          <Card
            id="lists-heading"
            title={`Queries one solves and the other does not (exec@${p.k})`}
            lead="Each query opens both systems' drilldowns. With tied scores a system solves a query in some orders of the ties: ✓ always, ✗ never, else the share of orders; a query is listed when one solves it while the other misses it in at least some orders."
          >
            {data.pairs.length > 1 && (
              <nav aria-label="Pair" className="mb-3 flex flex-wrap gap-1.5 text-sm">
                {data.pairs.map((pr, i) => (
                  <Link
                    key={i}
                    href={`${base}${compareQuery({ ...p, sel: data.selected.map((s) => s.submissionId) }, { pair: i })}#lists-heading`}
                    scroll={false}
                    aria-current={i === pairIndex ? "true" : undefined}
                    className={`rounded-md px-2 py-1 ring-1 ring-inset ${i === pairIndex ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
                  >
                    {letters.get(pr.a.submissionId)} vs {letters.get(pr.b.submissionId)}
                  </Link>
                ))}
              </nav>
            )}
            {pair && lists && (
              <DiscordantLists
                a={pair.a}
                b={pair.b}
                k={p.k}
                aOnly={lists.aOnly}
                bOnly={lists.bOnly}
                allHref={p.all ? null : `${base}${compareQuery({ ...p, sel: data.selected.map((s) => s.submissionId), pair: pairIndex }, { all: true })}#lists-heading`}
              />
            )}
          </Card>
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          Pick at least two submissions above (or tick rows on the leaderboard and choose “Compare selected”).
        </p>
      )}

      {matrix.systems.length > 1 && (
        <Card id="heatmap-heading" title={`Which published systems differ at exec@${p.k}?`} lead="Paired sign-flip p (the exact McNemar test when nothing is tied) for every pair of published systems, in leaderboard order; your picks are underlined.">
          <PValueHeatmap m={{ systems: matrix.systems, p: matrix.p, sign: matrix.sign, monteCarlo: matrix.monteCarlo }} k={p.k} highlight={data.selected.map((s) => s.submissionId)} />
          {matrix.stale && <p className="mt-2 text-xs text-slate-600">A recent publication is not included yet; the statistics are being recomputed.</p>}
        </Card>
      )}
    </section>
  );
}

export default versionPage({ exec_retrieval: ExecCompareScreen, repo_retrieval: RepoCompareScreen });
