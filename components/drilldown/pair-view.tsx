import { editLines } from "@/lib/drilldown/edit-lines";
import type { QueryDrilldown } from "@/lib/drilldown/get-query-drilldown";
import { bugLabel } from "./role-label";
import { CodeLines } from "./code-with-edit";

type Pair = NonNullable<QueryDrilldown["pair"]>;

function Side({ title, tone, score, rank, children }: { title: string; tone: "good" | "bad"; score: number; rank: number | null; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-1.5">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className={`font-semibold ${tone === "good" ? "text-emerald-800" : "text-rose-800"}`}>{title}</span>
        <span className="font-mono text-slate-600">score {score.toFixed(4)}</span>
        <span className="text-slate-600">{rank === null ? "not in the top 10" : `rank ${rank}`}</span>
      </p>
      {children}
    </div>
  );
}

// The paper's Figure 1, panel 1: the canonical beside the distractor this system scored highest,
// the single edit between them marked on both sides, and what that edit cost or gained in score.
export function PairView({ pair }: { pair: Pair }) {
  const { canonical: c, distractor: d } = pair;
  const delta = d.score - c.score;
  const verdict =
    delta > 0
      ? `The distractor scores ${delta.toFixed(4)} higher: this system prefers the broken code.`
      : delta === 0
        ? "They score exactly alike: between them this system can only guess (each order equally likely)."
        : `The canonical scores ${(-delta).toFixed(4)} higher: this system tells them apart.`;
  return (
    <div className="space-y-3" data-testid="pair-view">
      <p className="text-sm text-slate-700">
        <span className="font-medium">{bugLabel(d.bugType)}</span>
        {d.bugDescription ? `: ${d.bugDescription}` : ""} {verdict}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Side title={`✓ Canonical (${c.corpusId})`} tone="good" score={c.score} rank={c.rank}>
          <CodeLines lines={editLines(pair.edit, "canonical")} label={`Canonical ${c.corpusId}, the edited span struck through`} />
        </Side>
        <Side title={`✗ Top distractor (${d.corpusId})`} tone="bad" score={d.score} rank={d.rank}>
          <CodeLines lines={editLines(pair.edit, "variant")} label={`Distractor ${d.corpusId}, its edit highlighted`} />
        </Side>
      </div>
    </div>
  );
}
