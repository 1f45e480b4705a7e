import type { ReactNode } from "react";

export interface Fact {
  term: ReactNode;
  value: ReactNode;
  // Needed when the term is not a string.
  key?: string;
  testId?: string;
}

// Terms and their values (a <dl>, each pair in a <div> so it can be a tile or a grid row): a
// submission's facts, a distribution's figures, a version's counts.
export function FactList({
  facts,
  className,
  itemClassName,
  termClassName,
  valueClassName,
}: {
  facts: Fact[];
  className: string;
  itemClassName?: string;
  termClassName: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {facts.map((f, i) => (
        <div key={f.key ?? (typeof f.term === "string" ? f.term : i)} className={itemClassName} data-testid={f.testId}>
          <dt className={termClassName}>{f.term}</dt>
          <dd className={valueClassName}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
