// Exact ties in a ranking: consecutive entries with the same score (float64 equality) form a
// group. No order inside a group is the retriever's: every metric is the exact expectation over
// all orders of every group (each order equally likely), as on the first track. A retriever that
// cannot tell files apart scores like chance between them, whatever order it lists them in.
export interface TieGroup {
  /** First position (0-based) and one past the last. */
  start: number;
  end: number;
}

export function tieGroups(scores: ArrayLike<number>): TieGroup[] {
  const out: TieGroup[] = [];
  for (let i = 0; i < scores.length; ) {
    let j = i + 1;
    while (j < scores.length && scores[j] === scores[i]) j++;
    out.push({ start: i, end: j });
    i = j;
  }
  return out;
}
