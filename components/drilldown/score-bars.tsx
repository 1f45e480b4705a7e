import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";
import { axisPosition, type ScoreAxis } from "@/lib/drilldown/score-axis";
import { roleLabel } from "./role-label";

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

// Gridlines and tick labels of the similarity axis, aligned with the bars' track column.
function Axis({ axis, similarity }: { axis: ScoreAxis; similarity: string }) {
  return (
    <div className="grid grid-cols-[3.5rem_1fr_4.5rem] gap-3 pl-1 text-[11px] text-slate-600" aria-hidden>
      <span />
      <span className="relative h-4 border-t border-slate-400">
        {axis.ticks.map((t) => (
          <span key={t} data-tick={t} className="absolute top-0 -translate-x-1/2 pt-0.5 font-mono tabular-nums" style={{ left: pct(axisPosition(axis, t)) }}>
            <span className="absolute -top-1 left-1/2 h-1 border-l border-slate-400" />
            {t}
          </span>
        ))}
      </span>
      <span />
      <span />
      <span className="mt-1 text-center">
        {similarity} similarity{axis.truncated && <> (the axis starts at {axis.min}, not 0)</>}
      </span>
    </div>
  );
}

// The ranked snippets as bars of their similarity on one real axis with round ticks, green when
// the snippet passes every test, red when it fails: the paper's Figure 1, panel 2. The axis is
// computed from the whole executed list by the page, so the top-5 and top-10 views share it.
// Exactly tied snippets share a bracket, their rank range ("2–5") and a "tied ×n" mark: their
// bars are equal and their order is not real.
export function ScoreBars({ snippets, axis, similarity }: { snippets: DrilldownSnippet[]; axis: ScoreAxis; similarity: string }) {
  return (
    <figure className="space-y-1.5">
      <ol className="space-y-1.5" aria-label="Ranked snippets by similarity">
        {snippets.map((s) => {
          const tie = s.tie;
          return (
            <li
              key={s.corpusId}
              data-tied={tie ? `${tie.from}-${tie.to}` : undefined}
              className={`grid grid-cols-[3.5rem_1fr_4.5rem] items-center gap-3 border-l-4 pl-1 text-sm ${tie ? "border-amber-400" : "border-transparent"}`}
            >
              <span className={`text-right font-mono ${tie ? "text-amber-900" : "text-slate-600"}`}>
                {tie ? (
                  <>
                    <span aria-hidden>
                      {tie.from}–{tie.to}
                    </span>
                    <span className="sr-only">
                      tied for ranks {tie.from} to {tie.to}
                    </span>
                  </>
                ) : (
                  `#${s.rank}`
                )}
              </span>
              <span className="relative h-7 rounded bg-slate-100">
                {axis.ticks.slice(1, -1).map((t) => (
                  <span key={t} aria-hidden className="absolute inset-y-0 border-l border-dashed border-slate-300" style={{ left: pct(axisPosition(axis, t)) }} />
                ))}
                <span className={`absolute inset-y-0 left-0 rounded ${s.passes ? "bg-emerald-300" : "bg-rose-300"}`} style={{ width: pct(axisPosition(axis, s.score)) }} />
                <span className="absolute inset-y-0 left-2 flex items-center gap-2 whitespace-nowrap font-medium text-slate-900">
                  <span aria-hidden>{s.passes ? "✓" : "✗"}</span>
                  {roleLabel(s)}
                  <span className="sr-only">{s.passes ? "passes every test" : "fails"}</span>
                  {tie && <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-300">tied ×{tie.size}</span>}
                </span>
              </span>
              <span className="text-right font-mono tabular-nums text-slate-700">{s.score.toFixed(4)}</span>
            </li>
          );
        })}
      </ol>
      <Axis axis={axis} similarity={similarity} />
    </figure>
  );
}
