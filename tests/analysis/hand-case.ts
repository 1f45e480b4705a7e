// A three-query benchmark small enough to compute every analysis by hand (see the comments in
// the tests). Rows: 0 c1, 1-2 q1's distractors, 3 c2, 4-5 q2's, 6 c3, 7 q3's legacy distractor.
import { buildLayout, type BenchmarkLayout, type SubmissionEvidence } from "@/lib/analysis";

const c1 = "def f(n):\n    return n & (-n)\n";
const c2 = "def g(x):\n    if x < 0:\n        return 0\n    return x * 2\n";
const c3 = "def h(s):\n    return s[::-1]\n";

export const GUARD = "    if x < 0:\n        return 0\n"; // what q2's remove_edge_case_check deletes

export function handLayout(): BenchmarkLayout {
  return buildLayout({
    queries: [
      { queryId: "q1", domain: "bits", correctCorpusIds: ["c1"] },
      { queryId: "q2", domain: "bits", correctCorpusIds: ["c2"] },
      { queryId: "q3", domain: "strings", correctCorpusIds: ["c3"] },
    ],
    corpus: [
      { corpusId: "c1", queryId: "q1", role: "canonical", bugType: null, code: c1 },
      { corpusId: "d1a", queryId: "q1", role: "distractor", bugType: "wrong_operator", code: c1.replace("&", "|") }, // 1 char
      { corpusId: "d1b", queryId: "q1", role: "distractor", bugType: "off_by_one", code: c1.replace("(-n)\n", "(-n) + 1\n") }, // 4 chars
      { corpusId: "c2", queryId: "q2", role: "canonical", bugType: null, code: c2 },
      { corpusId: "d2a", queryId: "q2", role: "distractor", bugType: "wrong_operator", code: c2.replace("x * 2", "x + 2") },
      { corpusId: "d2b", queryId: "q2", role: "distractor", bugType: "remove_edge_case_check", code: c2.replace(GUARD, "") },
      { corpusId: "c3", queryId: "q3", role: "canonical", bugType: null, code: c3 },
      { corpusId: "d3a", queryId: "q3", role: "distractor", bugType: "wrong_semantics", code: c3.replace("-1", "1") },
    ],
  });
}

const F = false, T = true;

// q1: own distractor d1a ranks first (0.85 > canonical 0.80); d1b ties the canonical exactly at
//     0.80, so the two share ranks 2-3 in either order.
// q2: canonical first; distractors well below.
// q3: another query's canonical (c1) ranks first and fails; its own canonical is not in the
//     executed list; its only distractor is of a legacy (non-mechanical) type.
export function handEvidence(): SubmissionEvidence {
  return [
    { top: [1, 0, 2, 3, 4], scores: [0.85, 0.8, 0.8, 0.3, 0.2], passes: [F, T, F, F, F], ownScores: new Map([[0, 0.8], [1, 0.85], [2, 0.8]]) },
    { top: [3, 4, 5, 0], scores: [0.9, 0.7, 0.6, 0.5], passes: [T, F, F, F], ownScores: new Map([[3, 0.9], [4, 0.7], [5, 0.6]]) },
    { top: [0, 7, 4], scores: [0.7, 0.6, 0.4], passes: [F, F, F], ownScores: new Map([[6, 0.5], [7, 0.6]]) },
  ];
}
