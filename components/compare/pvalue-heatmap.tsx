"use client";

import { ScrollBox } from "@/components/ui/scroll-box";
import { SIGN_FLIP_MONTE_CARLO_FLIPS } from "@/lib/metrics/sign-flip";
import type { PValueMatrix } from "@/lib/pages/pvalue-matrix";

// Shade by evidence against "no difference" (classes pv-0 pv-1 pv-2 pv-3 in globals.css): darker for
// smaller p. The p-value is printed in every cell (and the direction as ▲/▼), so colour is
// never the only signal.
function level(p: number): number {
  return p < 0.001 ? 3 : p < 0.01 ? 2 : p < 0.05 ? 1 : 0;
}

const short = (p: number) => (p < 0.001 ? "<.001" : p.toFixed(p < 0.01 ? 3 : 2).replace(/^0/, ""));

/** What the heatmap draws: the matrix's systems and cells, nothing else. */
export type HeatmapMatrix = Pick<PValueMatrix, "systems" | "p" | "sign" | "monteCarlo">;

// Paired sign-flip p of exec@k (the exact McNemar test when nothing is tied) for every pair of
// published systems (rows and columns in leaderboard order); ▲ means the row system solves
// more queries than the column system; "~" marks a Monte Carlo estimate.
// A client component without state: one cell per pair of published systems (625 at 25), so
// the page's React payload carries the matrix's numbers (about a quarter of the markup's
// size) and the cells' markup goes to the reader once, in the HTML.
export function PValueHeatmap({ m, k, highlight }: { m: HeatmapMatrix; k: number; highlight: string[] }) {
  return (
    <div className="space-y-2">
      <HeatmapBody m={m} k={k} highlight={new Set(highlight)} />
    </div>
  );
}

export function HeatmapBody({ m, k, highlight }: { m: HeatmapMatrix; k: number; highlight: Set<string> }) {
  return (
    <>
      <ScrollBox label="p-value heatmap" className="max-h-[36rem] overflow-y-auto">
        <table className="border-separate border-spacing-px text-[11px]" data-testid="pvalue-heatmap">
          <caption className="sr-only">Paired sign-flip p-values of exec@{k} between published systems</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 top-0 z-20 bg-white px-1 text-left font-semibold text-slate-700">
                row vs column
              </th>
              {m.systems.map((s, j) => (
                <th key={s.submissionId} scope="col" title={s.model} className={`sticky top-0 z-10 bg-white px-0.5 py-1 font-medium ${highlight.has(s.submissionId) ? "text-emerald-800 underline" : "text-slate-700"}`}>
                  {j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.systems.map((row, i) => (
              <tr key={row.submissionId}>
                <th scope="row" className={`sticky left-0 z-10 max-w-[11rem] truncate bg-white px-1 text-left font-medium ${highlight.has(row.submissionId) ? "text-emerald-800 underline" : "text-slate-800"}`}>
                  {i + 1}. {row.model}
                </th>
                {m.systems.map((col, j) => {
                  const p = m.p[i][j];
                  if (i === j || p === null) {
                    return (
                      <td key={col.submissionId} className="min-w-[2.6rem] bg-white text-center text-slate-400">
                        {i === j ? "·" : "—"}
                      </td>
                    );
                  }
                  const pair = highlight.has(row.submissionId) && highlight.has(col.submissionId) ? " outline outline-2 outline-emerald-600" : "";
                  return (
                    <td key={col.submissionId} className={`pv pv-${level(p)}${pair}`}>
                      <span aria-hidden>{m.sign[i][j] > 0 ? "▲" : m.sign[i][j] < 0 ? "▼" : ""}</span>
                      <span className="sr-only">{m.sign[i][j] > 0 ? "row higher, p " : m.sign[i][j] < 0 ? "row lower, p " : "equal, p "}</span>
                      {m.monteCarlo[i][j] && (
                        <>
                          <span aria-hidden>~</span>
                          <span className="sr-only">estimated </span>
                        </>
                      )}
                      {short(p)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        {[
          ["p < 0.001", 3],
          ["p < 0.01", 2],
          ["p < 0.05", 1],
          ["p ≥ 0.05 (not significant)", 0],
        ].map(([l, c]) => (
          <span key={l} className="inline-flex items-center gap-1">
            <span aria-hidden className={`pv-${c} inline-block h-3 w-4 rounded-sm ring-1 ring-slate-300`} /> {l}
          </span>
        ))}
        <span>
          ▲ row solves more queries than column, ▼ fewer. No multiple-comparison correction.
          {m.monteCarlo.some((r) => r.some(Boolean)) && ` ~: estimated from ${SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")} seeded random sign flips (too many distinct tie shapes for the exact computation).`}
        </span>
      </p>
    </>
  );
}
