// What one submission did on each query, in benchmark query order: its ranked, executed list
// and the scores it gave the query's own canonical and distractors.
export interface QueryEvidence {
  /**
   * Ranked corpus rows, best first: the top 10 (fewer only when the corpus is smaller), then
   * every row tied exactly with the 10th. Tied rows are in no meaningful order; every metric is
   * the expectation over their orders (lib/metrics/tie-aware.ts).
   */
  top: ArrayLike<number>;
  /** scores[i]: the score of top[i], non-increasing. */
  scores: ArrayLike<number>;
  /** passes[i]: the snippet at top[i] passes every test of the query. */
  passes: readonly boolean[];
  /**
   * Scores of the query's own canonical and distractor rows. A row missing here has no score:
   * a ranking file that did not list it. Embedding submissions always have every one.
   */
  ownScores: ReadonlyMap<number, number>;
}

export type SubmissionEvidence = readonly QueryEvidence[];
