import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";
import { roleLabel } from "./role-label";

// The ranked snippets as bars of their similarity, green when the snippet passes every test,
// red when it fails: the paper's Figure 1, panel 2. The axis spans the shown scores so that
// near-ties stay visible. Exactly tied snippets share a bracket, their rank range ("2–5") and a
// "tied ×n" mark: their bars are equal and their order is not real.
export function ScoreBars({ snippets }: { snippets: DrilldownSnippet[] }) {
  const scores = snippets.map((s) => s.score);
  const hi = Math.max(...scores);
  const lo = Math.min(...scores);
  const span = hi - lo || Math.abs(hi) || 1;
  const floor = lo - span * 0.25;
  return (
    <ol className="space-y-1.5" aria-label="Ranked snippets by similarity">
      {snippets.map((s) => {
        const width = 8 + (92 * (s.score - floor)) / (hi - floor || 1);
        const tie = s.tie;
        return (
          <li
            key={s.corpusId}
            data-tied={tie ? `${tie.from}-${tie.to}` : undefined}
            className={`grid grid-cols-[3.5rem_1fr_4.5rem] items-center gap-3 border-l-4 pl-1 text-sm ${tie ? "border-amber-400" : "border-transparent"}`}
          >
            <span className={`text-right font-mono ${tie ? "text-amber-900" : "text-slate-500"}`}>
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
              <span
                className={`absolute inset-y-0 left-0 rounded ${s.passes ? "bg-emerald-500/80" : "bg-rose-500/75"}`}
                style={{ width: `${width}%` }}
              />
              <span className="absolute inset-y-0 left-2 flex items-center gap-2 whitespace-nowrap font-medium text-slate-900">
                <span aria-hidden>{s.passes ? "✓" : "✗"}</span>
                {roleLabel(s)}
                <span className="sr-only">{s.passes ? "passes every test" : "fails"}</span>
                {tie && <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-300">tied ×{tie.size}</span>}
              </span>
            </span>
            <span className="text-right font-mono tabular-nums text-slate-700">{s.score.toFixed(3)}</span>
          </li>
        );
      })}
    </ol>
  );
}
