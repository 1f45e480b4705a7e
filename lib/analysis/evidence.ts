// What one submission did on each query, in benchmark query order: its ranked, executed top-k
// and the scores it gave the query's own canonical and distractors.
export interface QueryEvidence {
  /** Ranked corpus rows, best first (the executed top-k; at least 10 when the corpus allows). */
  top: ArrayLike<number>;
  /** passes[i]: the snippet at top[i] passes every test of the query. */
  passes: readonly boolean[];
  /**
   * Scores of the query's own canonical and distractor rows. A row missing here has no score:
   * a ranking file that did not list it. Embedding submissions always have every one.
   */
  ownScores: ReadonlyMap<number, number>;
}

export type SubmissionEvidence = readonly QueryEvidence[];
