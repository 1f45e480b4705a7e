// Reading a query's own canonical and distractor scores out of the evidence. A query with
// several canonicals is represented by the best of them; a score the system never gave makes
// the comparison unavailable rather than guessed.
import type { QueryEvidence } from "./evidence";
import type { LayoutQuery } from "./layout";

export type CanonicalScore = { kind: "scored"; score: number } | { kind: "no_canonical" } | { kind: "unscored"; row: number };

export function canonicalScore(q: LayoutQuery, e: QueryEvidence): CanonicalScore {
  if (q.canonicalRows.length === 0) return { kind: "no_canonical" };
  let best = -Infinity;
  for (const row of q.canonicalRows) {
    const s = e.ownScores.get(row);
    if (s === undefined) return { kind: "unscored", row };
    if (s > best) best = s;
  }
  return { kind: "scored", score: best };
}
