// The executed list of a query: the top TOP_K snippets and every snippet tied exactly with the
// TOP_K-th (the tie-aware metrics need the verdict of every member of the group at the cut-off).
// A group larger than TIE_GROUP_CAP is not executed: a retriever that cannot tell that many
// snippets apart at the cut-off is refused, with the query, the group's size and its score.
import { METRIC_KS } from "./per-query-metrics";

export const TOP_K = Math.max(...METRIC_KS);
export const TIE_GROUP_CAP = 100;

/**
 * The tie group holding rank min(TOP_K, length) of a list of non-increasing scores: positions
 * first .. end-1 (0-based). null for an empty list.
 */
export function cutOffGroup(scores: ArrayLike<number>, depth = TOP_K): { first: number; end: number; score: number } | null {
  const n = scores.length;
  if (n === 0) return null;
  let end = Math.min(depth, n);
  const score = scores[end - 1];
  let first = end - 1;
  while (first > 0 && scores[first - 1] === score) first--;
  while (end < n && scores[end] === score) end++;
  return { first, end, score };
}
