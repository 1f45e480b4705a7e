import { HistogramChart } from "@/components/charts/histogram-chart";
import type { SimilarityGap } from "@/lib/analysis/similarity-gap";
import type { Bin } from "@/lib/pages/histogram";
import { StatValue } from "./stat-value";
import { CHART } from "@/components/charts/colors";
import { FactList } from "@/components/ui/fact-list";

type Gap = Omit<SimilarityGap, "perQuery">;

// Figure 4 of the paper for one system: per query, the canonical's score against the best
// score among its mechanical distractors, and their difference (negative: the canonical loses).
export function SimilarityGapSection({ gap, gapBins, scoreBins, similarity }: { gap: Gap; gapBins: Bin[]; scoreBins: Bin[]; similarity: string }) {
  const below = gapBins.filter((b) => b.to <= 0).reduce((n, b) => n + b.counts[0], 0);
  return (
    <div className="space-y-4">
      <FactList
        look="panels"
        className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3"
        facts={[
          { term: "canonical below a distractor", value: <StatValue stat={gap.canonicalBelowShare} percent align="start" /> },
          { term: "median gap", value: <StatValue stat={gap.medianGap} signed align="start" /> },
          { term: "mean gap", value: <StatValue stat={gap.meanGap} signed align="start" /> },
        ]}
      />
      <p className="text-xs text-slate-500">
        Over {gap.scoredQueries} of {gap.eligibleQueries} queries that have a canonical and at least one mechanical distractor. Gap = canonical {similarity} minus the
        best distractor&apos;s.
      </p>
      {gapBins.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          <figure>
            <figcaption className="mb-1 text-sm font-medium text-slate-800">Per-query gap (red: the canonical loses, {below} queries)</figcaption>
            <div role="img" aria-label={`Histogram of the per-query gap: ${below} queries below zero, where a distractor outscores the canonical.`}>
              <HistogramChart bins={gapBins} series={[{ name: "queries", color: CHART.good }]} xLabel="canonical − best distractor" signColors={{ negative: CHART.bad, positive: CHART.good }} />
            </div>
          </figure>
          <figure>
            <figcaption className="mb-1 text-sm font-medium text-slate-800">Query {similarity}: canonical vs best distractor</figcaption>
            <div role="img" aria-label="Overlapping histograms of the canonical's and the best distractor's scores per query.">
              <HistogramChart
                bins={scoreBins}
                series={[
                  { name: "canonical", color: CHART.goodStrong },
                  { name: "best distractor", color: CHART.bad },
                ]}
                xLabel={`${similarity} to the query (higher = ranked higher)`}
              />
            </div>
          </figure>
        </div>
      )}
    </div>
  );
}
