import Link from "next/link";
import { fmtPct } from "@/components/ui/format";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { canonicalTieShare, tieFigures } from "@/lib/pages/ties-view";
import { FactList } from "@/components/ui/fact-list";

// How much of this system's ranking exact ties decide (lib/analysis/ties.ts): queries whose
// rank 1 or top-10 cut-off is a tie, and canonical–distractor pairs scored exactly alike, with
// what that means for its numbers and, above the threshold, why it is marked edit-blind.
export function TiesSection({ t, tiedHref }: { t: TieDiagnostics; tiedHref: string }) {
  const share = canonicalTieShare(t);
  return (
    <div className="space-y-4">
      <FactList
        look="panels"
        className="grid gap-3 sm:grid-cols-3"
        facts={tieFigures(t).map((f) => ({
          key: f.key,
          testId: `ties-${f.key}`,
          term: f.label,
          value: (
            <>
              <span className="text-lg font-semibold tabular-nums text-slate-900">{f.value}</span>{" "}
              <span className="text-sm tabular-nums text-slate-600">({fmtPct(f.share)})</span>
              <span className="mt-1 block text-xs leading-snug text-slate-600">{f.note}</span>
            </>
          ),
        }))}
      />
      <p className="text-sm leading-relaxed text-slate-700">
        Snippets with exactly the same score have no real order, so no tie is ever broken by corpus order: every metric and analysis on this page is
        the exact expectation over all orders of the tied snippets.{" "}
        {t.editBlind ? (
          <span className="font-medium text-amber-900">
            This system is marked edit-blind: it scores a canonical and its own single-edit distractor identically in {fmtPct(share)} of pairs, at or
            above the {fmtPct(t.threshold, 0)} threshold, so it cannot tell those implementations apart and its credit on them is chance.
          </span>
        ) : (
          <>
            Below {fmtPct(t.threshold, 0)} of canonical–distractor pairs tied, a system is not marked edit-blind{share > 0 ? ` (this one: ${fmtPct(share)})` : ""}.
          </>
        )}{" "}
        {t.rank1Tied > 0 && (
          <>
            <Link href={tiedHref} className="text-emerald-800 underline underline-offset-2">
              The queries tied at rank 1
            </Link>{" "}
            are listed below.{" "}
          </>
        )}
        <Link href="/methodology#ties" className="text-emerald-800 underline underline-offset-2">
          How ties are scored
        </Link>
        .
      </p>
    </div>
  );
}
