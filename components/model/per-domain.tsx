import Link from "next/link";
import { CiBarChart } from "@/components/charts/ci-bar-chart";
import { fmtCount, humanize } from "@/components/ui/format";
import type { DomainExec } from "@/lib/analysis/per-domain";
import { AnalysisTable } from "./analysis-table";
import { StatValue } from "./stat-value";

// exec@1 within each domain (one row of the paper's Figure 6b), each domain linking to this
// model's queries in it.
export function PerDomainSection({ domains, queriesHref }: { domains: DomainExec[]; queriesHref: (domain: string) => string }) {
  const bars = domains.flatMap((d) => (d.exec1.available ? [{ label: humanize(d.domain), value: d.exec1.value, ci: d.exec1.ci95 }] : []));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div role="img" aria-label="exec@1 per domain with 95% intervals; the numbers are in the table.">
        <CiBarChart bars={bars} max={Math.min(1, Math.max(0.5, ...bars.map((b) => b.ci[1])))} axisLabel="exec@1 within the domain" />
      </div>
      <AnalysisTable
        caption="exec@1 per domain"
        className="min-w-full self-start text-sm"
        columns={["Domain", "Solved / queries", "exec@1 (95% CI)"]}
        rows={domains.map((d) => ({
          key: d.domain,
          head: (
            <Link href={queriesHref(d.domain)} className="text-emerald-800 underline-offset-2 hover:underline">
              {humanize(d.domain)}
            </Link>
          ),
          cells: [`${fmtCount(d.solved)} / ${d.queries}`, <StatValue key="exec1" stat={d.exec1} />],
        }))}
      />
    </div>
  );
}
