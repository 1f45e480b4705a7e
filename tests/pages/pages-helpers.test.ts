import { describe, expect, it } from "vitest";
import type { QueryRecord } from "@/lib/analysis/analyze-submission";
import { histogram, niceWidth } from "@/lib/pages/histogram";
import { filterModelQueries, parseModelQueryParams, toModelQueryRows, QUERY_PAGE_SIZE } from "@/lib/pages/model-queries";
import type { BrowserQuery } from "@/lib/pages/query-browser";
import { browserQuery, filterBrowserQueries, parseBrowserParams } from "@/lib/pages/query-browser-params";

describe("histogram", () => {
  it("puts an edge on zero, so negative and positive gaps never share a bin", () => {
    const bins = histogram([[-0.031, -0.004, -0.0001, 0, 0.002, 0.019]], 10);
    expect(bins.some((b) => b.from === 0)).toBe(true);
    const below = bins.filter((b) => b.to <= 0).reduce((n, b) => n + b.counts[0], 0);
    expect(below).toBe(3);
    expect(bins.reduce((n, b) => n + b.counts[0], 0)).toBe(6);
  });

  it("counts each series separately over shared bins, and uses 1-2-5 widths", () => {
    const bins = histogram([[0.5, 0.61, 0.62], [0.6, 0.7]], 4);
    expect(bins.map((b) => [b.from, ...b.counts])).toEqual([[0.5, 1, 0], [0.55, 0, 0], [0.6, 2, 1], [0.65, 0, 0], [0.7, 0, 1]]);
    expect([niceWidth(1, 10), niceWidth(0.3, 10), niceWidth(0.07, 10)]).toEqual([0.1, 0.05, 0.01]);
    expect(histogram([[]])).toEqual([]);
  });
});

type Kind = NonNullable<QueryRecord["rank1"]>["members"][number]["kind"];
const record = (i: number, kind: Kind, domain: string, exec1: number, exec3: number): QueryRecord => ({
  queryId: `q_${i}`,
  domain,
  rank1: { members: [{ corpusId: `c_${i}`, kind }] },
  canonicalRank: exec1 ? 1 : exec3 ? 2 : null,
  canonicalTie: 1,
  exec: { 1: exec1, 3: exec3, 5: exec3, 10: 1 },
  executionPrecision: { 1: 0, 3: 0, 5: 0, 10: 0 },
  ndcg: { 1: 0, 3: 0, 5: 0, 10: 0 },
  gap: exec1 ? { status: "scored", canonical: 0.8, bestDistractor: 0.79, bestDistractorId: "d", gap: 0.01 } : { status: "not_available", reason: "x" },
});

describe("model page queries", () => {
  const rows = toModelQueryRows(
    [record(1, "pass", "geometry", 1, 1), record(2, "own_distractor", "geometry", 0, 1), record(3, "other_canonical", "date_time", 0, 0)],
    new Map([["q_1", "area"], ["q_2", "perimeter"], ["q_3", "weekday"]]),
    new Map([["c_2", "off_by_one"]]),
  );

  it("says what sits at rank 1, the bug type of an own distractor, and the first k that passes", () => {
    expect(rows.map((r) => [r.functionName, r.rank1?.outcome, r.rank1?.bugType, r.firstPassK, r.gap])).toEqual([
      ["area", "pass", null, 1, 0.01],
      ["perimeter", "own_distractor", "off_by_one", 3, null],
      ["weekday", "other", null, 10, null],
    ]);
  });

  it("filters by outcome, domain, bug type and search, and pages", () => {
    const f = (raw: Record<string, string>) => filterModelQueries(rows, parseModelQueryParams(raw)).rows.map((r) => r.queryId);
    expect(f({ outcome: "miss" })).toEqual(["q_2", "q_3"]);
    expect(f({ misses: "1" })).toEqual(["q_2", "q_3"]); // the old link form keeps working
    expect(f({ domain: "geometry", outcome: "own_distractor" })).toEqual(["q_2"]);
    expect(f({ bug: "off_by_one" })).toEqual(["q_2"]);
    expect(f({ q: "WEEK" })).toEqual(["q_3"]);
    const many = Array.from({ length: QUERY_PAGE_SIZE + 5 }, (_, i) => rows[i % 3]);
    const page2 = filterModelQueries(many, parseModelQueryParams({ page: "2" }));
    expect([page2.rows.length, page2.pages, page2.page]).toEqual([5, 2, 2]);
    expect(filterModelQueries(many, parseModelQueryParams({ page: "99" })).page).toBe(2);
  });
});

describe("query browser filters", () => {
  const qs: BrowserQuery[] = [
    { queryId: "q1", functionName: "lowest_set_bit", domain: "bit_manipulation", text: "Use n & (-n)", solvedBy: 0, bugTypes: ["off_by_one", "wrong_operator"] },
    { queryId: "q2", functionName: "popcount", domain: "bit_manipulation", text: "count bits", solvedBy: 5, bugTypes: ["wrong_operator"] },
    { queryId: "q3", functionName: "day_of_week", domain: "date_time", text: "weekday", solvedBy: 2, bugTypes: ["off_by_one"] },
    { queryId: "q4", functionName: "unscored", domain: "date_time", text: "", solvedBy: null, bugTypes: [] },
  ];
  const f = (raw: Record<string, string>) => filterBrowserQueries(qs, parseBrowserParams(raw)).rows.map((q) => q.queryId);

  it("filters by difficulty (exactly or as a range), domain, bug type and text", () => {
    expect(f({ solved: "0" })).toEqual(["q1"]);
    expect(f({ min: "2" })).toEqual(["q2", "q3"]);
    expect(f({ max: "2" })).toEqual(["q1", "q3"]);
    expect(f({ domain: "date_time" })).toEqual(["q3", "q4"]);
    expect(f({ bug: "wrong_operator" })).toEqual(["q1", "q2"]);
    expect(f({ q: "& (-n)" })).toEqual(["q1"]);
  });

  it("orders hardest or easiest first, unknown difficulty last", () => {
    expect(f({ sort: "hardest" })).toEqual(["q1", "q3", "q2", "q4"]);
    expect(f({ sort: "easiest" })).toEqual(["q2", "q3", "q1", "q4"]);
  });

  it("writes an exact difficulty as one parameter", () => {
    expect(browserQuery(parseBrowserParams({}), { min: 3, max: 3 })).toBe("?solved=3");
    expect(browserQuery(parseBrowserParams({ domain: "geometry" }), { min: 1, page: 2 })).toBe("?domain=geometry&min=1&page=2");
  });
});
