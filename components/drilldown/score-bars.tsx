import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";
import { roleLabel } from "./role-label";

// The ranked snippets as bars of their similarity, green when the snippet passes every test,
// red when it fails: the paper's Figure 1, panel 2. The axis spans the shown scores so that
// near-ties stay visible.
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
        return (
          <li key={s.corpusId} className="grid grid-cols-[3rem_1fr_4.5rem] items-center gap-3 text-sm">
            <span className="text-right font-mono text-slate-500">#{s.rank}</span>
            <span className="relative h-7 rounded bg-slate-100">
              <span
                className={`absolute inset-y-0 left-0 rounded ${s.passes ? "bg-emerald-500/80" : "bg-rose-500/75"}`}
                style={{ width: `${width}%` }}
              />
              <span className="absolute inset-y-0 left-2 flex items-center gap-2 font-medium text-slate-900">
                <span aria-hidden>{s.passes ? "✓" : "✗"}</span>
                {roleLabel(s)}
                <span className="sr-only">{s.passes ? "passes every test" : "fails"}</span>
              </span>
            </span>
            <span className="text-right font-mono tabular-nums text-slate-700">{s.score.toFixed(3)}</span>
          </li>
        );
      })}
    </ol>
  );
}
