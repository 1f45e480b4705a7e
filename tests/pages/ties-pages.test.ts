import { describe, expect, it } from "vitest";
import { fmtChance, fmtCount, fmtPctChance } from "@/components/ui/format";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { expectedDiscordance } from "@/lib/metrics/sign-flip";
import { execAtK } from "@/lib/metrics/tie-aware";
import { discordantQueries } from "@/lib/pages/discordant";
import { drilldownTieGroups, explainExecAtK, groupCutAt } from "@/lib/pages/drilldown-ties";
import { provisionalOf } from "@/lib/pages/provisional";
import type { BrowserQuery } from "@/lib/pages/query-browser";
import { filterBrowserQueries, parseBrowserParams, roundedSolvedBy } from "@/lib/pages/query-browser-params";
import { canonicalTieShare, editBlindExplanation, tieFigures } from "@/lib/pages/ties-view";

// A ranked list: a failing rank 1, ranks 2-5 tied with one passing member, then failures.
const s = (score: number, passes = false) => ({ score, passes });
const list = [s(0.9), s(0.8), s(0.8, true), s(0.8), s(0.8), s(0.5), s(0.4), s(0.3), s(0.2), s(0.1)];

describe("drilldown tie groups", () => {
  it("lists every group of two or more with its ranks and passing members", () => {
    expect(drilldownTieGroups(list)).toEqual([{ from: 2, to: 5, size: 4, passing: 1, score: 0.8 }]);
    expect(drilldownTieGroups([s(1), s(0.5), s(0.2)])).toEqual([]);
  });

  it("explains a fractional exec@k by C(g - r, m) / C(g, m), and nothing when it is a verdict", () => {
    // k = 3: 2 of the 4 tied places are inside; none is the passing one in C(3,2)/C(4,2) = 3/6.
    const at3 = explainExecAtK(list, 3)!;
    expect(at3).toMatchObject({ k: 3, inside: 2, missWays: 3n, allWays: 6n, value: 0.5, group: { from: 2, to: 5, size: 4, passing: 1 } });
    expect(at3.value).toBe(execAtK(list.map((x) => ({ ...x, relevant: false })), 3));
    expect(explainExecAtK(list, 1)).toBeNull(); // rank 1 is strict and fails: exec@1 = 0
    expect(explainExecAtK(list, 5)).toBeNull(); // the whole group is inside: exec@5 = 1
    expect(explainExecAtK(list, 10)).toBeNull();
  });

  it("covers a tie at rank 1, a group straddling 10 with two passing, and a pass above the group", () => {
    const top5 = [s(1, true), s(1), s(1), s(1), s(1), s(0.5)];
    expect(explainExecAtK(top5, 1)).toMatchObject({ missWays: 4n, allWays: 5n, inside: 1 }); // 1 - 4/5
    expect(explainExecAtK(top5, 1)!.value).toBeCloseTo(0.2, 15);
    expect(explainExecAtK(top5, 3)).toMatchObject({ missWays: 4n, allWays: 10n }); // C(4,3)/C(5,3)
    const at10 = [...Array.from({ length: 8 }, (_, i) => s(1 - i / 100)), s(0.5, true), s(0.5), s(0.5, true), s(0.5)];
    expect(explainExecAtK(at10, 10)).toMatchObject({ group: { from: 9, to: 12, size: 4, passing: 2 }, inside: 2, missWays: 1n, allWays: 6n });
    expect(explainExecAtK([s(1, true), ...at10.slice(1)], 10)).toBeNull(); // a certain pass above
  });

  it("finds the group the shown ranks cut through", () => {
    const cut = [s(1), s(0.9), s(0.8), s(0.7), s(0.7), s(0.7), s(0.7), s(0.1)];
    expect(groupCutAt(cut, 5)).toMatchObject({ from: 4, to: 7 });
    expect(groupCutAt(cut, 7)).toBeNull();
    expect(groupCutAt(list, 5)).toBeNull();
  });
});

describe("edit-blind wording and tie figures", () => {
  const t: TieDiagnostics = { queries: 48, rank1Tied: 22, boundaryTied: 4, largestBoundaryGroup: 5, scoredPairs: 192, canonicalDistractorTies: 131, queriesWithCanonicalTie: 48, editBlind: true, threshold: 0.05 };

  it("says what share of pairs tie, out of what, and from which threshold the flag starts", () => {
    expect(canonicalTieShare(t)).toBeCloseTo(131 / 192, 15);
    const text = editBlindExplanation(t);
    expect(text).toContain("68% of pairs (131 of 192; flagged from 5%)");
    expect(text).toContain("exec@k is chance");
    expect(canonicalTieShare({ ...t, scoredPairs: 0, canonicalDistractorTies: 0 })).toBe(0);
  });

  it("gives the three figures of the model page's Ties section", () => {
    const f = tieFigures(t);
    expect(f.map((x) => [x.key, x.value])).toEqual([
      ["rank1", "22 of 48 queries"],
      ["boundary", "4 of 48 queries"],
      ["pairs", "131 of 192 pairs"],
    ]);
    expect(f[1].note).toContain("largest group 5");
    expect(f[2].share).toBeCloseTo(131 / 192, 15);
  });
});

describe("compare: the queries behind expected discordant counts", () => {
  it("lists a query when one system solves it while the other misses it in some tie order, adding up to the expected counts", () => {
    const queries = ["a", "b", "c", "d", "e"].map((x) => ({ queryId: x, functionName: x, domain: "d" }));
    const a = [1, 0.5, 0, 1, 0.25], b = [0, 0.5, 1, 1, 1];
    const { aOnly, bOnly } = discordantQueries(queries, a, b);
    expect(aOnly.map((q) => q.queryId)).toEqual(["a", "b"]);
    expect(bOnly.map((q) => q.queryId)).toEqual(["b", "c", "e"]);
    const expected = expectedDiscordance(a, b);
    expect(aOnly.reduce((x, q) => x + q.a * (1 - q.b), 0)).toBeCloseTo(expected.aOnly, 12);
    expect(bOnly.reduce((x, q) => x + q.b * (1 - q.a), 0)).toBeCloseTo(expected.bOnly, 12);
    // Without ties: exactly the queries one solves and the other does not.
    const plain = discordantQueries(queries, [1, 0, 1, 0, 1], [0, 0, 1, 1, 0]);
    expect([plain.aOnly.map((q) => q.queryId), plain.bOnly.map((q) => q.queryId)]).toEqual([["a", "e"], ["d"]]);
  });
});

describe("query browser difficulty with expected counts", () => {
  const q = (id: string, solvedBy: number | null): BrowserQuery => ({ queryId: id, functionName: id, domain: "d", text: "", solvedBy, bugTypes: [] });
  const queries = [q("q1", 0), q("q2", 0.45), q("q3", 0.5), q("q4", 1.2), q("q5", 2), q("q6", null)];

  it("reads a fractional count rounded to the nearest system (half up), so every histogram bar lists the queries nearest to it", () => {
    expect([0, 0.45, 0.5, 1.2, 1.5, 2.49, 2.5 - 4e-16, 2].map(roundedSolvedBy)).toEqual([0, 0, 1, 1, 2, 2, 3, 2]); // 2.4999999999999996: float noise of 2.5
    expect(filterBrowserQueries(queries, parseBrowserParams({ solved: "0" })).rows.map((r) => r.queryId)).toEqual(["q1", "q2"]);
    expect(filterBrowserQueries(queries, parseBrowserParams({ solved: "1" })).rows.map((r) => r.queryId)).toEqual(["q3", "q4"]);
    expect(filterBrowserQueries(queries, parseBrowserParams({ min: "1" })).rows.map((r) => r.queryId)).toEqual(["q3", "q4", "q5"]);
    // Sorting uses the expected count itself.
    expect(filterBrowserQueries(queries, parseBrowserParams({ sort: "hardest" })).rows.map((r) => r.queryId)).toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
  });
});

describe("provisional systems", () => {
  it("names only published systems the statistics list as scored by an older engine", () => {
    const published = [
      { submissionId: "a", model: "A", provider: "p", kind: "embeddings" as const, publishedAt: null },
      { submissionId: "b", model: "B", provider: "p", kind: "embeddings" as const, publishedAt: null },
    ];
    const payload = { bootstrap: { replicates: 1, seed: 1, method: "m" }, difficulty: {} as never, tieGroups: [], provisional: ["b", "gone"] };
    expect(provisionalOf({ published, payload })).toEqual([{ submissionId: "b", model: "B" }]);
    expect(provisionalOf({ published, payload: null })).toEqual([]);
  });
});

describe("number formats for expectations", () => {
  it("shows whole counts as such and expected counts to one decimal, never float noise", () => {
    expect(fmtCount(3)).toBe("3");
    expect(fmtCount(0.2 + 0.1 + 0.7 - 1e-12)).toBe("1");
    expect(fmtCount(94.5)).toBe("94.5");
    expect(fmtCount(1234.25)).toBe("1,234.3");
  });

  it("never rounds a chance to a verdict it is not", () => {
    expect([fmtChance(1), fmtChance(0), fmtChance(0.25)]).toEqual(["✓", "✗", "25%"]);
    expect(fmtPctChance(0.004)).toBe("< 1%");
    expect(fmtPctChance(0.999)).toBe("> 99%");
    expect(fmtChance(0.002)).toBe("< 1%");
  });
});
