// How much of a submission's ranking is decided by exact ties: the share of queries whose rank 1,
// or whose top-10 cut-off, falls inside a tie group, and how often a canonical and one of its own
// single-edit distractors get exactly the same score. A retriever that scores a canonical and
// its distractor identically cannot see the edit the benchmark is about; above a documented
// threshold it is marked "edit-blind" on the leaderboard, its page and in review.
import { tieShape } from "@/lib/metrics/tie-aware";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { canonicalScore } from "./own-scores";

/** Share of scored (canonical, own distractor) pairs with identical scores at or above which a submission is edit-blind. */
export const EDIT_BLIND_THRESHOLD = 0.05;

export interface TieDiagnostics {
  queries: number;
  /** Queries whose rank-1 snippet is one of several tied exactly. */
  rank1Tied: number;
  /** Queries whose top-10 cut-off falls inside a tie group (it continues past rank 10). */
  boundaryTied: number;
  /** Largest tie group at the cut-off over all queries (1 when no tie reaches it). */
  largestBoundaryGroup: number;
  /** (canonical, own distractor) pairs with both scores. */
  scoredPairs: number;
  /** Of those, pairs whose two scores are exactly equal. */
  canonicalDistractorTies: number;
  /** Queries whose canonical ties at least one of its own distractors. */
  queriesWithCanonicalTie: number;
  editBlind: boolean;
  threshold: number;
}

export function measureTies(layout: BenchmarkLayout, evidence: SubmissionEvidence): TieDiagnostics {
  let rank1Tied = 0, boundaryTied = 0, largest = 0, scoredPairs = 0, ties = 0, queriesWithTie = 0;
  layout.queries.forEach((q, qi) => {
    const e = evidence[qi];
    if (e.top.length > 0) {
      const shape = tieShape(Array.from(e.top, (_, i) => ({ score: e.scores[i], passes: false, relevant: false })));
      if (shape.rank1Group > 1) rank1Tied++;
      if (shape.boundaryStraddles) boundaryTied++;
      largest = Math.max(largest, shape.boundaryGroup);
    }
    const canon = canonicalScore(q, e);
    if (canon.kind !== "scored") return;
    let tiedHere = false;
    for (const row of q.distractorRows) {
      const s = e.ownScores.get(row);
      if (s === undefined) continue;
      scoredPairs++;
      if (s === canon.score) {
        ties++;
        tiedHere = true;
      }
    }
    if (tiedHere) queriesWithTie++;
  });
  return {
    queries: layout.queries.length,
    rank1Tied,
    boundaryTied,
    largestBoundaryGroup: largest,
    scoredPairs,
    canonicalDistractorTies: ties,
    queriesWithCanonicalTie: queriesWithTie,
    editBlind: scoredPairs > 0 && ties / scoredPairs >= EDIT_BLIND_THRESHOLD,
    threshold: EDIT_BLIND_THRESHOLD,
  };
}
