import { fmtCi, fmtCount, fmtP, fmtSigned } from "@/components/ui/format";
import type { ComparedPair } from "@/lib/pages/compare";
import { ScrollBox } from "@/components/ui/scroll-box";
import { TableHead } from "@/components/ui/data-table";
import { SIGN_FLIP_MONTE_CARLO_FLIPS } from "@/lib/metrics/sign-flip";

// The paper's Table 5 for the chosen systems: per pair and k, the queries only A / only B
// solve (McNemar's discordant counts; expected counts when scores tie), each system's exec@k,
// the paired difference with its 95% bootstrap interval, and the paired sign-flip p (the exact
// McNemar test when nothing is tied). "significant" needs p < 0.05.
export function PairedTable({ pairs, letters }: { pairs: ComparedPair[]; letters: Map<string, string> }) {
  const systems = [...new Map(pairs.flatMap((p) => [p.a, p.b]).map((c) => [c.submissionId, c])).values()];
  return (
    <>
    <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Systems compared">
      {systems.map((c) => (
        <li key={c.submissionId}>
          <span className="font-semibold">{letters.get(c.submissionId)}</span> {c.model}
          {!c.published && <span className="ml-1 text-xs text-sky-800">(yours, not published)</span>}
        </li>
      ))}
    </ul>
    <ScrollBox label="Paired comparisons">
      <table className="min-w-full text-sm" data-testid="paired-table">
        <caption className="sr-only">Paired comparisons at k = 1, 3 and 5</caption>
        <TableHead className="border-b border-slate-200 text-xs text-slate-600" cell="px-2 py-2 text-right font-semibold"
          columns={[{ label: "A vs B", className: "py-2 pr-3 text-left font-semibold" }, "k", "A-only", "B-only", "A exec@k", "B exec@k", "Δ (A − B), 95% CI", { label: "p (sign-flip)", className: "py-2 pl-2 text-right font-semibold" }]}
        />
        {pairs.map((pair) => (
          <tbody key={`${pair.a.submissionId}-${pair.b.submissionId}`} className="border-b border-slate-200">
            {pair.byK.map((r, i) => {
              const sig = r.pValue < 0.05;
              return (
                <tr key={r.k} className={i > 0 ? "border-t border-slate-100" : ""}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={pair.byK.length} className="py-2 pr-3 text-left align-top font-normal">
                      <span className="font-semibold">{letters.get(pair.a.submissionId)}</span> <span className="sr-only sm:not-sr-only">{pair.a.model}</span>
                      <span className="text-slate-600 sm:block"> vs </span>
                      <span className="font-semibold">{letters.get(pair.b.submissionId)}</span> <span className="sr-only sm:not-sr-only">{pair.b.model}</span>
                    </th>
                  )}
                  <td className="px-2 py-1.5 text-right tabular-nums">{r.k}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{fmtCount(r.aOnly)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{fmtCount(r.bOnly)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{r.aValue.toFixed(3)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{r.bValue.toFixed(3)}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                    <span className="font-semibold">{fmtSigned(r.delta)}</span> <span className="text-xs text-slate-600">{fmtCi(r.ci95)}</span>
                  </td>
                  <td className="whitespace-nowrap py-1.5 pl-2 text-right tabular-nums">
                    <span className={sig ? "font-semibold text-slate-900" : "text-slate-700"}>{fmtP(r.pValue)}</span>
                    {r.pMethod === "monte-carlo" && (
                      <span className="ml-1 text-[10px] font-medium text-slate-600" title={`Monte Carlo estimate from ${SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")} seeded random sign flips`}>
                        MC<span className="sr-only"> (Monte Carlo estimate)</span>
                      </span>
                    )}
                    {sig && <span className="ml-1 rounded bg-slate-900 px-1 text-[10px] font-medium text-white">significant</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </ScrollBox>
    {pairs.some((p) => p.byK.some((r) => r.pMethod === "monte-carlo")) && (
      <p className="mt-2 text-xs text-slate-600">
        MC: p estimated from {SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")} seeded random sign flips, as (1 + flips at least as extreme) / (1 +{" "}
        {SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")}); the tied values had too many distinct shapes for the exact computation.
      </p>
    )}
    </>
  );
}
