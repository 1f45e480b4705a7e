import { describe, expect, it } from "vitest";
import { analyzeSubmission, buildLayout, toQueryOutcomes, type SubmissionEvidence } from "@/lib/analysis";
import type { Stat } from "@/lib/analysis/stat";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { bruteAtK, bruteBootstrap, bruteExec1, bruteExpectedExec1, median, randomBench, rank1Group, type RandomBench } from "./reference";

const R = 300, SEED = 99;

function analyzeBench(b: RandomBench) {
  const layout = buildLayout({
    queries: b.domains.map((domain, q) => ({ queryId: `q${q}`, domain, correctCorpusIds: [`r${b.rows.findIndex((r) => r.query === q)}`] })),
    corpus: b.rows.map((r, i) => ({ corpusId: `r${i}`, queryId: `q${r.query}`, role: r.role, bugType: r.bugType, code: r.code })),
  });
  // The executed list: the top 10 and every row tied with the 10th.
  const evidence: SubmissionEvidence = b.ranking.map((rank, q) => {
    let end = Math.min(10, rank.length);
    while (end < rank.length && b.scores[q][rank[end]] === b.scores[q][rank[end - 1]]) end++;
    return { list: rank.slice(0, end), q };
  }).map(({ list, q }) => ({
    top: list,
    scores: list.map((row) => b.scores[q][row]),
    passes: list.map((row) => b.passes[q][row]),
    ownScores: new Map(b.rows.flatMap((r, i) => (r.query === q ? [[i, b.scores[q][i]] as [number, number]] : []))),
  }));
  const scored = scoreQueries(toQueryOutcomes(layout, evidence), { replicates: R, seed: SEED });
  return { layout, scored, analysis: analyzeSubmission(layout, evidence, scored.perQuery, { replicates: R, seed: SEED }) };
}

function expectStat(s: Stat, value: number, ci: [number, number], digits = 12) {
  expect(s.available).toBe(true);
  if (!s.available) return;
  expect(s.value).toBeCloseTo(value, digits);
  expect(s.ci95[0]).toBeCloseTo(ci[0], digits);
  expect(s.ci95[1]).toBeCloseTo(ci[1], digits);
}

/** Pooled ratio with a query-level brute-force interval. */
function ratio(num: number[], den: number[]): { value: number; ci: [number, number] } {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const ci = bruteBootstrap(num.length, R, SEED, (draws) => {
    const d = sum(draws.map((i) => den[i]));
    return d > 0 ? sum(draws.map((i) => num[i])) / d : null;
  });
  return { value: sum(num) / sum(den), ci };
}

describe.each([1, 2, 3, 4])("random benchmark %i: every analysis matches a naive reimplementation", (seed) => {
  const b = randomBench(seed, 40 + seed * 7);
  const { layout, scored, analysis } = analyzeBench(b);
  const own = (q: number, role: "canonical" | "distractor") => b.rows.map((r, i) => ({ r, i })).filter((x) => x.r.query === q && x.r.role === role).map((x) => x.i);
  const mechanical = (row: number) => b.rows[row].bugType !== "legacy_rewrite";

  it("the data has ties at rank 1 and at the top-10 cut-off", () => {
    expect(b.domains.some((_, q) => rank1Group(b, q).length > 1)).toBe(true);
    expect(analysis.ties.boundaryTied).toBeGreaterThan(0);
  });

  it("exec@k and execution_precision@k per query over every order of the tied rows", () => {
    for (const k of [1, 3, 5, 10]) {
      b.domains.forEach((_, q) => {
        const want = bruteAtK(b, q, k);
        expect(scored.perQuery[q].exec[k]).toBeCloseTo(want.exec, 12);
        expect(scored.perQuery[q].execExact[k].num / scored.perQuery[q].execExact[k].den).toBeCloseTo(want.exec, 12);
        expect(scored.perQuery[q].execution_precision[k]).toBeCloseTo(want.precision, 12);
      });
    }
  });

  it("miss attribution", () => {
    // Each member of the rank-1 tie group is rank 1 with probability 1/size.
    const miss = b.domains.map((_, q) => 1 - bruteExec1(b, q));
    const ownD = b.domains.map((_, q) => {
      const g = rank1Group(b, q);
      return g.filter((row) => !b.passes[q][row] && b.rows[row].query === q && b.rows[row].role === "distractor").length / g.length;
    });
    expect(analysis.missAttribution.misses).toBeCloseTo(miss.reduce((a, c) => a + c, 0), 10);
    expect(analysis.missAttribution.ownDistractor).toBeCloseTo(ownD.reduce((a, c) => a + c, 0), 10);
    const r = ratio(ownD, miss);
    expectStat(analysis.missAttribution.ownDistractorShare, r.value, r.ci);
  });

  it("similarity gap: share below, median and mean", () => {
    const eligible = b.domains.map((_, q) => own(q, "distractor").some(mechanical));
    const gaps = b.domains.map((_, q) => b.scores[q][own(q, "canonical")[0]] - Math.max(...own(q, "distractor").filter(mechanical).map((r) => b.scores[q][r])));
    const idx = eligible.flatMap((e, q) => (e ? [q] : []));
    expect(analysis.similarityGap.eligibleQueries).toBe(idx.length);
    const below = ratio(gaps.map((g, q) => (eligible[q] && g < 0 ? 1 : 0)), eligible.map((e) => (e ? 1 : 0)));
    expectStat(analysis.similarityGap.canonicalBelowShare, below.value, below.ci);
    const medCi = bruteBootstrap(b.Q, R, SEED, (draws) => {
      const vals = draws.filter((q) => eligible[q]).map((q) => gaps[q]);
      return vals.length ? median(vals) : null;
    });
    expectStat(analysis.similarityGap.medianGap, median(idx.map((q) => gaps[q])), medCi);
    const mean = ratio(gaps.map((g, q) => (eligible[q] ? g : 0)), eligible.map((e) => (e ? 1 : 0)));
    expectStat(analysis.similarityGap.meanGap, mean.value, mean.ci, 10);
  });

  it("deception overall, by bug type and by edit size", () => {
    // Above the canonical deceives; a tie deceives in half of the two orders.
    const pairs = b.domains.flatMap((_, q) =>
      own(q, "distractor").map((row) => {
        const s = b.scores[q][row], c = b.scores[q][own(q, "canonical")[0]];
        return { q, row, deceived: s > c ? 1 : s === c ? 0.5 : 0 };
      }),
    );
    const pooled = (members: typeof pairs) => {
      const num = b.domains.map((_, q) => members.filter((p) => p.q === q).reduce((a, p) => a + p.deceived, 0));
      const den = b.domains.map((_, q) => members.filter((p) => p.q === q).length);
      return ratio(num, den);
    };
    const overall = pooled(pairs.filter((p) => mechanical(p.row)));
    expectStat(analysis.deception.overall.rate, overall.value, overall.ci);
    for (const g of analysis.deception.byBugType) {
      const members = pairs.filter((p) => b.rows[p.row].bugType === g.bugType);
      expect(g.pairs).toBe(members.length);
      expect(g.mechanical).toBe(g.bugType !== "legacy_rewrite");
      const r = pooled(members);
      expectStat(g.rate, r.value, r.ci);
    }
    const size = (row: number) => layout.corpus[row].editSize!;
    const ranges: [number, number][] = [[1, 1], [2, 5], [6, 20], [21, Infinity]];
    analysis.deception.byEditSize.forEach((g, i) => {
      const members = pairs.filter((p) => mechanical(p.row) && size(p.row) >= ranges[i][0] && size(p.row) <= ranges[i][1]);
      expect(g.pairs).toBe(members.length);
      if (members.length === 0) return expect(g.rate.available).toBe(false);
      const r = pooled(members);
      expectStat(g.rate, r.value, r.ci);
    });
  });

  it("per-domain exec@1", () => {
    for (const d of analysis.perDomain) {
      const r = ratio(
        b.domains.map((dom, q) => (dom === d.domain ? bruteExec1(b, q) : 0)),
        b.domains.map((dom) => (dom === d.domain ? 1 : 0)),
      );
      expectStat(d.exec1, r.value, r.ci);
    }
  });

  it("pool-density ablation by explicit subset enumeration", () => {
    const exec1 = scored.metrics.find((m) => m.name === "exec" && m.k === 1)!;
    for (const row of analysis.poolDensity.rows) {
      const values = b.domains.map((_, q) => bruteExpectedExec1(b, q, row.retained));
      const mean = values.reduce((a, c) => a + c, 0) / values.length;
      const ci = bruteBootstrap(b.Q, R, SEED, (draws) => draws.reduce((a, q) => a + values[q], 0) / draws.length);
      expectStat(row.expectedExec1, mean, ci, 10);
    }
    const full = analysis.poolDensity.rows.at(-1)!.expectedExec1;
    expect(full.available && full.value).toBe(exec1.value);
    expect(full.available && full.ci95).toEqual([exec1.ciLow, exec1.ciHigh]);
  });
});
