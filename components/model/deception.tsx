import { CiBarChart } from "@/components/charts/ci-bar-chart";
import { bugLabel } from "@/components/drilldown/role-label";
import type { ReactNode } from "react";
import type { Deception, DeceptionGroup } from "@/lib/analysis/deception";
import { fmtCount } from "@/components/ui/format";
import { AnalysisTable } from "./analysis-table";
import { StatValue } from "./stat-value";

// Figure 5 and Table 8 of the paper for one system: how often a distractor would rank above its
// canonical, by mechanical bug type and by the size of the edit. A distractor scored above its
// canonical deceives; one tied exactly with it deceives with probability 1/2 (either order is
// equally likely), so deceived counts are expectations and may end in .5.
export function DeceptionSection({ d }: { d: Deception }) {
  const bars = d.byBugType.flatMap((b) =>
    b.rate.available ? [{ label: `${bugLabel(b.bugType)}${b.mechanical ? "" : " (legacy)"}`, value: b.rate.value, ci: b.rate.ci95, muted: !b.mechanical }] : [],
  );
  const overall = d.overall.rate.available ? d.overall.rate.value : null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Overall (mechanical pairs): <StatValue stat={d.overall.rate} percent />{" "}
        <span className="text-slate-500">
          — {fmtCount(d.overall.deceived)} of {d.overall.scoredPairs.toLocaleString("en")} pairs deceived
          {d.overall.tiedPairs > 0 && `, counting the ${d.overall.tiedPairs.toLocaleString("en")} tied exactly with their canonical as half each`}
        </span>
      </p>
      {bars.length > 0 && (
        <div role="img" aria-label="Deception rate by bug type with 95% intervals; the numbers are in the table below.">
          <CiBarChart
            bars={bars}
            max={Math.max(0.6, ...bars.map((b) => b.ci[1]))}
            percent
            axisLabel="deception rate (distractor above canonical; a tie counts ½)"
            refs={[...(overall !== null ? [{ x: overall, label: "overall" }] : []), { x: 0.5, label: "50% (chance)" }]}
          />
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <RateTable
          caption="By bug type"
          groupHeader="Bug type"
          rows={d.byBugType.map((b) => ({
            key: b.bugType,
            label: (
              <>
                {bugLabel(b.bugType)}
                {!b.mechanical && <span className="ml-1 text-xs text-slate-500">(legacy, not in overall)</span>}
              </>
            ),
            group: b,
          }))}
        />
        <RateTable
          caption="By edit size (characters changed)"
          groupHeader="Edit size"
          rows={d.byEditSize.map((b) => ({ key: b.bucket, label: b.bucket === "1" ? "1 character" : `${b.bucket} characters`, group: b }))}
        />
      </div>
    </div>
  );
}

// One breakdown of the deception rate: a row per group, its deceived pairs and its rate.
function RateTable({ caption, groupHeader, rows }: { caption: string; groupHeader: string; rows: { key: string; label: ReactNode; group: DeceptionGroup }[] }) {
  return (
    <AnalysisTable
      caption={caption}
      visibleCaption
      columns={[
        groupHeader,
        "Deceived / pairs",
        <abbr key="tied" title="pairs whose distractor ties its canonical exactly (each deceives half the time)" className="no-underline">
          Tied
        </abbr>,
        "Rate (95% CI)",
      ]}
      rows={rows.map(({ key, label, group }) => ({
        key,
        head: label,
        cells: [
          `${fmtCount(group.deceived)} / ${group.scoredPairs.toLocaleString("en")}`,
          <span key="tied" className={group.tiedPairs > 0 ? "text-amber-900" : "text-slate-500"}>
            {group.tiedPairs.toLocaleString("en")}
          </span>,
          <StatValue key="rate" stat={group.rate} percent />,
        ],
      }))}
    />
  );
}
