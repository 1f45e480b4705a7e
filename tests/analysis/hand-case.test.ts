import { describe, expect, it } from "vitest";
import { analyzeSubmission, toQueryOutcomes, type SubmissionEvidence } from "@/lib/analysis";
import type { Stat } from "@/lib/analysis/stat";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { handEvidence, handLayout } from "./hand-case";

const layout = handLayout();
const opts = { replicates: 400, seed: 11 };

function analyze(evidence: SubmissionEvidence) {
  const scored = scoreQueries(toQueryOutcomes(layout, evidence), opts);
  return { scored, analysis: analyzeSubmission(layout, evidence, scored.perQuery, opts) };
}

const value = (s: Stat) => {
  if (!s.available) throw new Error(`not available: ${s.reason}`);
  return s.value;
};

describe("per-submission analyses on a hand-computed case", () => {
  const { scored, analysis } = analyze(handEvidence());

  it("attributes rank-1 misses: q1 to its own distractor, q3 to another query's canonical", () => {
    const m = analysis.missAttribution;
    expect(m).toMatchObject({ queries: 3, misses: 2, ownDistractor: 1, ownCanonical: 0, otherCanonical: 1, otherDistractor: 0, nothingRetrieved: 0 });
    expect(value(m.ownDistractorShare)).toBe(0.5);
    expect(analysis.perQuery.map((q) => q.rank1)).toEqual([
      { members: [{ corpusId: "d1a", kind: "own_distractor" }] },
      { members: [{ corpusId: "c2", kind: "pass" }] },
      { members: [{ corpusId: "c1", kind: "other_canonical" }] },
    ]);
  });

  it("measures the canonical-vs-best-distractor gap over queries with a mechanical distractor", () => {
    const g = analysis.similarityGap;
    // q1: 0.80 - 0.85 = -0.05 (below); q2: 0.90 - 0.70 = 0.20; q3 has only a legacy distractor.
    expect(g).toMatchObject({ eligibleQueries: 2, scoredQueries: 2 });
    expect(value(g.canonicalBelowShare)).toBe(0.5);
    expect(value(g.medianGap)).toBeCloseTo(0.075, 15);
    expect(value(g.meanGap)).toBeCloseTo(0.075, 15);
    expect(analysis.perQuery[0].gap).toEqual({ status: "scored", canonical: 0.8, bestDistractor: 0.85, bestDistractorId: "d1a", gap: 0.8 - 0.85 });
    expect(analysis.perQuery[2].gap).toMatchObject({ status: "not_applicable" });
  });

  it("counts a tie as half deceived and keeps legacy bug types out of the overall rate", () => {
    const d = analysis.deception;
    // Mechanical pairs: q1 d1a (0.85 > 0.80) deceives; d1b (0.80 = 0.80, a tie) deceives in one
    // of its two orders; q2's two do not: 1.5 of 4.
    expect(d.overall).toMatchObject({ pairs: 4, scoredPairs: 4, deceived: 1.5, tiedPairs: 1 });
    expect(value(d.overall.rate)).toBe(0.375);
    const byType = Object.fromEntries(d.byBugType.map((g) => [g.bugType, [g.mechanical, g.deceived, g.pairs]]));
    expect(byType).toEqual({
      off_by_one: [true, 0.5, 1],
      remove_edge_case_check: [true, 0, 1],
      wrong_operator: [true, 1, 2],
      wrong_semantics: [false, 1, 1],
    });
    // Edit sizes 1 (d1a, d2a), 4 (d1b), 31 (d2b).
    expect(d.byEditSize.map((b) => [b.bucket, b.deceived, b.pairs])).toEqual([["1", 1, 2], ["2-5", 0.5, 1], ["6-20", 0, 0], ["21+", 0, 1]]);
    expect(d.byEditSize[2].rate).toEqual({ available: false, reason: "no 6-20-character pairs" });
    expect(d.outsideEditBuckets).toBe(0);
  });

  it("gives exec@1 per domain", () => {
    expect(analysis.perDomain.map((x) => [x.domain, x.queries, x.solved, value(x.exec1)])).toEqual([
      ["bits", 2, 1, 0.5],
      ["strings", 1, 0, 0],
    ]);
  });

  it("computes the exact pool-density expectation, reproducing exec@1 with every distractor kept", () => {
    // q1 (n=2: d1a above the passing canonical, d1b tied with it): d=0 → 1; d=1 → keep d1a
    // (1/2): 0, keep d1b (1/2): canonical and d1b tie at rank 1, 1/2 → 1/4; d=2 → 0.
    // q2 (canonical first): 1 for every d.  q3 (another canonical first, failing): 0.
    const rows = analysis.poolDensity.rows.map((r) => value(r.expectedExec1));
    expect(analysis.poolDensity.maxDistractors).toBe(2);
    expect(rows[0]).toBeCloseTo(2 / 3, 15);
    expect(rows[1]).toBeCloseTo(1.25 / 3, 15);
    const exec1 = scored.metrics.find((m) => m.name === "exec" && m.k === 1)!.value;
    expect(rows[2]).toBe(exec1);
    expect(exec1).toBeCloseTo(1 / 3, 15);
  });

  it("records the canonical's best rank and tie within the executed list, or null when it is absent", () => {
    expect(analysis.perQuery.map((q) => [q.canonicalRank, q.canonicalTie])).toEqual([[2, 2], [1, 1], [null, 1]]);
    // q1 has its canonical tied at ranks 2-3 of 5 executed: exec@2 would be 1/2, exec@3 = 1, and
    // precision@10 = 1/10 (k beyond the list); nDCG@3 averages the discounts of ranks 2 and 3.
    expect(analysis.perQuery[0].exec).toEqual({ 1: 0, 3: 1, 5: 1, 10: 1 });
    expect(analysis.perQuery[0].executionPrecision[10]).toBe(0.1);
    expect(analysis.perQuery[0].ndcg[3]).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(4)) / 2, 15);
    expect(analysis.perQuery[2].exec).toEqual({ 1: 0, 3: 0, 5: 0, 10: 0 });
    expect(analysis.perQuery[2].ndcg[10]).toBe(0);
  });

  it("reports the ties: q1's canonical ties one of its distractors (1 of 5 scored pairs: edit-blind)", () => {
    expect(analysis.ties).toEqual({
      queries: 3,
      rank1Tied: 0,
      boundaryTied: 0,
      largestBoundaryGroup: 0,
      scoredPairs: 5,
      canonicalDistractorTies: 1,
      queriesWithCanonicalTie: 1,
      editBlind: true,
      threshold: 0.05,
    });
  });

  it("gives intervals that contain their estimate", () => {
    const stats: Stat[] = [
      analysis.missAttribution.ownDistractorShare,
      analysis.similarityGap.canonicalBelowShare,
      analysis.similarityGap.medianGap,
      analysis.deception.overall.rate,
      ...analysis.perDomain.map((x) => x.exec1),
      ...analysis.poolDensity.rows.map((r) => r.expectedExec1),
    ];
    for (const s of stats) {
      if (!s.available) continue;
      expect(s.ci95[0]).toBeLessThanOrEqual(s.value);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.value);
    }
  });
});

describe("statistics a ranking cannot support are not available, never guessed", () => {
  it("drops the aggregate when one needed score is missing, but keeps the rest", () => {
    const evidence = [...handEvidence()];
    // A ranking that never listed q2's distractor d2b (row 5).
    evidence[1] = { ...evidence[1], ownScores: new Map([[3, 0.9], [4, 0.7]]) };
    const { analysis } = analyze(evidence);
    expect(analysis.perQuery[1].gap).toEqual({ status: "not_available", reason: "no score for the distractor d2b" });
    expect(analysis.similarityGap.scoredQueries).toBe(1);
    expect(analysis.similarityGap.canonicalBelowShare).toEqual({ available: false, reason: "1 of 2 queries lack a canonical or distractor score" });
    expect(analysis.deception.overall).toMatchObject({ pairs: 4, scoredPairs: 3, deceived: 1.5, rate: { available: false } });
    const byType = new Map(analysis.deception.byBugType.map((g) => [g.bugType, g.rate.available]));
    expect(byType).toEqual(new Map([["off_by_one", true], ["remove_edge_case_check", false], ["wrong_operator", true], ["wrong_semantics", true]]));
    // Nothing else needs d2b's score.
    expect(analysis.missAttribution.ownDistractorShare.available).toBe(true);
    expect(analysis.poolDensity.rows.every((r) => r.expectedExec1.available)).toBe(true);
  });

  it("marks the ablation unavailable when the first non-own snippet was never executed", () => {
    const evidence = [...handEvidence()];
    // Only q1's two own distractors were executed: with none kept, rank 1 lies below the top-2.
    evidence[0] = { ...evidence[0], top: [1, 2], scores: [0.85, 0.8], passes: [false, false] };
    const { analysis } = analyze(evidence);
    const [d0, d1, d2] = analysis.poolDensity.rows.map((r) => r.expectedExec1);
    expect(d0.available).toBe(false);
    expect(d1.available).toBe(true); // one kept: rank 1 is always one of the two executed distractors
    expect(d2.available).toBe(true);
  });
});

describe("all-pass and all-fail systems", () => {
  const scores = new Map([[0, 0.9], [1, 0.1], [2, 0.1], [3, 0.9], [4, 0.1], [5, 0.1], [6, 0.9], [7, 0.1]]);
  const own = (qi: number) => new Map([...scores].filter(([row]) => layout.corpus[row].queryIndex === qi));

  it("all-pass: no misses to attribute, no deception, every ablation row 1", () => {
    const canon = [0, 3, 6];
    const { analysis, scored } = analyze(canon.map((c, qi) => ({ top: [c, ...canon.filter((x) => x !== c)], scores: [0.9, 0.5, 0.4], passes: [true, false, false], ownScores: own(qi) })));
    expect(scored.metrics.find((m) => m.name === "exec" && m.k === 1)).toMatchObject({ value: 1, ciLow: 1, ciHigh: 1 });
    expect(analysis.missAttribution.misses).toBe(0);
    expect(analysis.missAttribution.ownDistractorShare).toEqual({ available: false, reason: "no query misses at rank 1" });
    expect(analysis.deception.overall).toMatchObject({ deceived: 0, rate: { available: true, value: 0, ci95: [0, 0] } });
    expect(value(analysis.similarityGap.canonicalBelowShare)).toBe(0);
    expect(analysis.poolDensity.rows.map((r) => value(r.expectedExec1))).toEqual([1, 1, 1]);
  });

  it("all-fail: every query misses on its own distractor, every ablation row but d=0 is 0", () => {
    // Each query ranks its own first distractor, then another query's distractor; nothing passes.
    const firstD = [1, 4, 7], other = [4, 7, 1];
    const { analysis, scored } = analyze(firstD.map((d, qi) => ({ top: [d, other[qi]], scores: [0.95, 0.5], passes: [false, false], ownScores: own(qi) })));
    expect(scored.metrics.filter((m) => m.name === "exec").map((m) => m.value)).toEqual([0, 0, 0, 0]);
    expect(analysis.missAttribution).toMatchObject({ misses: 3, ownDistractor: 3 });
    expect(value(analysis.missAttribution.ownDistractorShare)).toBe(1);
    // With d = 0 the next snippet is another query's distractor, which fails too.
    expect(analysis.poolDensity.rows.map((r) => value(r.expectedExec1))).toEqual([0, 0, 0]);
    expect(analysis.perDomain.map((d) => value(d.exec1))).toEqual([0, 0]);
  });
});
