// What readers are told about a submission's exact ties (lib/analysis/ties.ts): the edit-blind
// flag's explanation and the figures of the model page's "Ties" section. Pure, so the
// leaderboard, the model page and the review pages say the same thing in the same words.
import type { TieDiagnostics } from "@/lib/analysis/ties";

const pct = (v: number) => `${(v * 100).toFixed(v > 0 && v < 0.01 ? 1 : 0)}%`;

/** Share of scored (canonical, own distractor) pairs scored exactly alike; 0 without pairs. */
export function canonicalTieShare(t: TieDiagnostics): number {
  return t.scoredPairs > 0 ? t.canonicalDistractorTies / t.scoredPairs : 0;
}

/** One sentence for the edit-blind badge (tooltip, accessible description, review flag). */
export function editBlindExplanation(t: TieDiagnostics): string {
  return (
    `Edit-blind: it gives a canonical and its own single-edit distractor exactly the same score in ${pct(canonicalTieShare(t))} of pairs ` +
    `(${t.canonicalDistractorTies.toLocaleString("en")} of ${t.scoredPairs.toLocaleString("en")}; flagged from ${pct(t.threshold)}), ` +
    "so it cannot see those edits: between such snippets its exec@k is chance."
  );
}

export interface TieFigure {
  key: "rank1" | "boundary" | "pairs";
  label: string;
  /** The count and what it is out of, e.g. "22 of 48 queries". */
  value: string;
  share: number;
  note: string;
}

/** The model page's tie figures, each with what it means for the numbers above it. */
export function tieFigures(t: TieDiagnostics): TieFigure[] {
  const q = (n: number) => `${n.toLocaleString("en")} of ${t.queries.toLocaleString("en")} ${t.queries === 1 ? "query" : "queries"}`;
  return [
    {
      key: "rank1",
      label: "Rank 1 tied",
      value: q(t.rank1Tied),
      share: t.queries ? t.rank1Tied / t.queries : 0,
      note: "queries whose top score is shared by several snippets: which of them is rank 1 is chance, so exec@1 there is a fraction.",
    },
    {
      key: "boundary",
      label: "Top-10 cut-off tied",
      value: q(t.boundaryTied),
      share: t.queries ? t.boundaryTied / t.queries : 0,
      note:
        t.boundaryTied > 0
          ? `queries whose rank-10 snippet is tied with snippets below it (largest group ${t.largestBoundaryGroup}); all of them were executed.`
          : "queries whose rank-10 snippet is tied with snippets below it.",
    },
    {
      key: "pairs",
      label: "Canonical = own distractor",
      value: `${t.canonicalDistractorTies.toLocaleString("en")} of ${t.scoredPairs.toLocaleString("en")} pairs`,
      share: canonicalTieShare(t),
      note: `exact ties between a canonical and one of its single-edit distractors (in ${q(t.queriesWithCanonicalTie)}); each deceives half the time.`,
    },
  ];
}
