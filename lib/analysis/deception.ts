// Deception (paper §5.5, Figure 5; Appendix G.1, Table 8): a (query, own distractor) pair is
// deceived when the distractor would be ranked above the canonical. A strictly higher score
// deceives; an exact tie deceives with probability 1/2, since either order of the two is equally
// likely (the same law as exec@k). Rates pool pairs over queries; intervals resample queries,
// each carrying all of its pairs.
// By bug type: every type present, each marked mechanical or not. Overall and by edit size:
// mechanical pairs only, as in the paper (the pre-lock legacy types are excluded there).
import type { Estimator } from "@/lib/metrics/estimates";
import { EDIT_SIZE_BUCKETS, editSizeBucket } from "./edit-size";
import type { SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { canonicalScore } from "./own-scores";
import { notAvailable, statOf, type Stat } from "./stat";

export interface DeceptionGroup {
  /** (query, distractor) pairs in the group whose query has a canonical. */
  pairs: number;
  /** Pairs for which both scores exist. */
  scoredPairs: number;
  /** Expected deceived pairs: strictly above the canonical counts 1, an exact tie 1/2. */
  deceived: number;
  /** Scored pairs whose distractor ties the canonical exactly. */
  tiedPairs: number;
  rate: Stat;
}

export interface Deception {
  overall: DeceptionGroup;
  byBugType: (DeceptionGroup & { bugType: string; mechanical: boolean })[];
  byEditSize: (DeceptionGroup & { bucket: string; minChars: number; maxChars: number | null })[];
  /** Mechanical pairs whose distractor is identical to its canonical (edit size 0): in no bucket. */
  outsideEditBuckets: number;
}

interface Pair {
  qi: number;
  row: number;
  /** 1 above the canonical, 1/2 tied with it, 0 below; null when a score is missing. */
  deceived: number | null;
}

function collectPairs(layout: BenchmarkLayout, evidence: SubmissionEvidence): Pair[] {
  const pairs: Pair[] = [];
  layout.queries.forEach((q, qi) => {
    const e = evidence[qi];
    const canon = canonicalScore(q, e);
    if (canon.kind === "no_canonical") return;
    for (const row of q.distractorRows) {
      const s = e.ownScores.get(row);
      pairs.push({ qi, row, deceived: canon.kind === "unscored" || s === undefined ? null : s > canon.score ? 1 : s === canon.score ? 0.5 : 0 });
    }
  });
  return pairs;
}

function summarize(members: Pair[], queries: number, est: Estimator, what: string): DeceptionGroup {
  const num = new Float64Array(queries), den = new Float64Array(queries);
  let scored = 0, deceived = 0, tied = 0;
  for (const p of members) {
    if (p.deceived === null) continue;
    scored++;
    den[p.qi]++;
    deceived += p.deceived;
    num[p.qi] += p.deceived;
    if (p.deceived === 0.5) tied++;
  }
  const base = { pairs: members.length, scoredPairs: scored, deceived, tiedPairs: tied };
  if (members.length === 0) return { ...base, rate: notAvailable(`no ${what} pairs`) };
  if (scored < members.length) {
    return { ...base, rate: notAvailable(`${members.length - scored} of ${members.length} ${what} pairs lack a canonical or distractor score`) };
  }
  const [rate] = est.ratio([{ num, den }]);
  return { ...base, rate: statOf(rate, `no ${what} pairs`) };
}

export function measureDeception(layout: BenchmarkLayout, evidence: SubmissionEvidence, est: Estimator): Deception {
  const Q = layout.queries.length;
  const pairs = collectPairs(layout, evidence);
  const mechanical = pairs.filter((p) => layout.corpus[p.row].mechanical);

  const types = [...new Set(pairs.map((p) => layout.corpus[p.row].bugType ?? "unspecified"))].sort();
  const byBugType = types.map((bugType) => {
    const members = pairs.filter((p) => (layout.corpus[p.row].bugType ?? "unspecified") === bugType);
    return { bugType, mechanical: layout.corpus[members[0].row].mechanical, ...summarize(members, Q, est, bugType) };
  });

  const bucketOf = (p: Pair) => editSizeBucket(layout.corpus[p.row].editSize ?? 0);
  const byEditSize = EDIT_SIZE_BUCKETS.map((b, i) => ({
    bucket: b.label,
    minChars: b.min,
    maxChars: b.max,
    ...summarize(mechanical.filter((p) => bucketOf(p) === i), Q, est, `${b.label}-character`),
  }));

  return {
    overall: summarize(mechanical, Q, est, "mechanical"),
    byBugType,
    byEditSize,
    outsideEditBuckets: mechanical.filter((p) => bucketOf(p) === -1).length,
  };
}
