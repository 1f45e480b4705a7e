import { describe, expect, it } from "vitest";
import { analyzeSubmission, buildLayout, toQueryOutcomes, type SubmissionEvidence } from "@/lib/analysis";
import type { Stat } from "@/lib/analysis/stat";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { bruteBootstrap, bruteExpectedExec1, median, randomBench, type RandomBench } from "./reference";

const R = 300, SEED = 99;

function analyzeBench(b: RandomBench) {
  const layout = buildLayout({
    queries: b.domains.map((domain, q) => ({ queryId: `q${q}`, domain, correctCorpusIds: [`r${b.rows.findIndex((r) => r.query === q)}`] })),
    corpus: b.rows.map((r, i) => ({ corpusId: `r${i}`, queryId: `q${r.query}`, role: r.role, bugType: r.bugType, code: r.code })),
  });
  const evidence: SubmissionEvidence = b.ranking.map((rank, q) => ({
    top: rank.slice(0, 10),
    passes: rank.slice(0, 10).map((row) => b.passes[q][row]),
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

  it("miss attribution", () => {
    const miss = b.ranking.map((rank, q): number => (b.passes[q][rank[0]] ? 0 : 1));
    const ownD = b.ranking.map((rank, q): number => (!b.passes[q][rank[0]] && b.rows[rank[0]].query === q && b.rows[rank[0]].role === "distractor" ? 1 : 0));
    expect(analysis.missAttribution.misses).toBe(miss.reduce((a, c) => a + c, 0));
    expect(analysis.missAttribution.ownDistractor).toBe(ownD.reduce((a, c) => a + c, 0));
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
    const pairs = b.domains.flatMap((_, q) => own(q, "distractor").map((row) => ({ q, row, deceived: b.scores[q][row] >= b.scores[q][own(q, "canonical")[0]] })));
    const pooled = (members: typeof pairs) => {
      const num = b.domains.map((_, q) => members.filter((p) => p.q === q && p.deceived).length);
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
        b.domains.map((dom, q) => (dom === d.domain && b.passes[q][b.ranking[q][0]] ? 1 : 0)),
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
