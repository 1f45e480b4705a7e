import type { MissAttribution } from "@/lib/analysis/miss-attribution";
import { fmtCount, fmtPct } from "@/components/ui/format";
import { AnalysisTable } from "./analysis-table";
import { StatValue } from "./stat-value";

// Table 3 of the paper for one system: of the queries whose rank-1 snippet fails, what sits
// at rank 1 — one of the query's own single-edit distractors, or unrelated code. With a tie at
// rank 1 each of the g tied snippets is rank 1 with probability 1/g, so counts are expected
// numbers of queries and may be fractions.
export function MissAttributionTable({ m }: { m: MissAttribution }) {
  const fractional = [m.misses, m.ownDistractor, m.otherCanonical, m.otherDistractor, m.ownCanonical].some((v) => Math.abs(v - Math.round(v)) > 1e-9);
  const rows: [string, number, string][] = [
    ["Own distractor (a single-edit near-clone)", m.ownDistractor, "the failure the benchmark is built to expose"],
    ["Another query's canonical", m.otherCanonical, "unrelated code"],
    ["Another query's distractor", m.otherDistractor, "unrelated code"],
    ["Own canonical failing its tests", m.ownCanonical, "cannot happen in a verified benchmark; counted, not hidden"],
    ["Nothing retrieved", m.nothingRetrieved, "an empty ranking"],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">miss@1</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">
            {fmtCount(m.misses)} <span className="text-sm font-normal text-slate-600">of {m.queries} queries</span>
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">misses that are own distractors</dt>
          <dd className="text-lg tabular-nums">
            <StatValue stat={m.ownDistractorShare} percent align="start" />
          </dd>
        </div>
      </dl>
      <AnalysisTable
        caption="What sits at rank 1 when it fails"
        columns={["Rank-1 snippet", "Queries", "Share of misses"]}
        rows={rows.map(([label, n, note]) => ({
          key: label,
          head: (
            <>
              {label}
              <span className="block text-xs text-slate-500">{note}</span>
            </>
          ),
          cells: [fmtCount(n), <span key="share" className="text-slate-700">{m.misses ? fmtPct(n / m.misses) : "—"}</span>],
        }))}
      />
      {fractional && (
        <p className="text-xs leading-snug text-slate-600">
          Counts are expected numbers of queries: when several snippets tie at rank 1, each of the g tied snippets is rank 1 in 1/g of their orders.
        </p>
      )}
    </div>
  );
}
