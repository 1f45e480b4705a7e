import type { ReactNode } from "react";

export interface Fact {
  term: ReactNode;
  value: ReactNode;
  // Needed when the term is not a string.
  key?: string;
  testId?: string;
}

// How a list of facts looks; the caller lays the list out (its grid, its spacing).
const LOOKS = {
  // A figure on a small shaded tile: a distribution's median, a version's counts.
  tiles: { item: "rounded-lg bg-slate-50 px-2 py-1.5", term: "text-xs text-slate-600", value: "font-semibold tabular-nums" },
  // A larger tile for a figure with its interval or a note.
  panels: { item: "rounded-lg bg-slate-50 p-3", term: "text-sm text-slate-600", value: "mt-1" },
  // Term beside its value, each pair a row of the caller's two-column grid.
  rows: { item: "contents", term: "text-slate-500", value: "break-words" },
  // A small term over its number, unboxed.
  plain: { item: undefined, term: "text-slate-500", value: "tabular-nums" },
  // A named thing over its description, in running text.
  definitions: { item: undefined, term: "font-semibold text-slate-900", value: undefined },
} as const;

// Terms and their values (a <dl>, each pair in a <div> so it can be a tile or a grid row): a
// submission's facts, a distribution's figures, a version's counts, the baselines.
export function FactList({ facts, look, className }: { facts: Fact[]; look: keyof typeof LOOKS; className: string }) {
  const l = LOOKS[look];
  return (
    <dl className={className}>
      {facts.map((f, i) => (
        <div key={f.key ?? (typeof f.term === "string" ? f.term : i)} className={l.item} data-testid={f.testId}>
          <dt className={l.term}>{f.term}</dt>
          <dd className={l.value}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
