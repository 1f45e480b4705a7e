// The query browser's URL state and the filtering it implies: domain, difficulty (solved at
// rank 1 by between `min` and `max` published systems), bug types present among the query's
// distractors, text search; sorted by benchmark order or difficulty; paged. With ties a query's
// difficulty is an expected number of systems (a fraction); the filter reads it rounded to the
// nearest whole system, so each histogram bar lists the queries nearest to it.
import type { BrowserQuery } from "./query-browser";
import { all, first, oneOf, positiveInt, toQueryString, type RawSearchParams } from "./search-params";

export const BROWSER_PAGE_SIZE = 50;
export const BROWSER_SORTS = ["position", "hardest", "easiest"] as const;

export interface BrowserParams {
  domain: string;
  min: number | null;
  max: number | null;
  bug: string[];
  q: string;
  sort: (typeof BROWSER_SORTS)[number];
  page: number;
}

function count(v: string | undefined): number | null {
  if (v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export function parseBrowserParams(raw: RawSearchParams): BrowserParams {
  const solved = count(first(raw, "solved"));
  return {
    domain: (first(raw, "domain") ?? "").slice(0, 64),
    min: solved ?? count(first(raw, "min")),
    max: solved ?? count(first(raw, "max")),
    bug: all(raw, "bug").slice(0, 10),
    q: (first(raw, "q") ?? "").trim().slice(0, 100),
    sort: oneOf(first(raw, "sort"), BROWSER_SORTS, "position"),
    page: positiveInt(first(raw, "page"), 1, 10_000),
  };
}

export function browserQuery(p: BrowserParams, change: Partial<BrowserParams> = {}): string {
  const n = { ...p, ...change };
  const exact = n.min !== null && n.min === n.max;
  return toQueryString([
    ["domain", n.domain],
    ["solved", exact ? n.min : null],
    ["min", exact ? null : n.min],
    ["max", exact ? null : n.max],
    ...n.bug.map((b): [string, string] => ["bug", b]),
    ["q", n.q],
    ["sort", n.sort === "position" ? null : n.sort],
    ["page", n.page > 1 ? n.page : null],
  ]);
}

/** A query's difficulty as the filters read it: its expected solver count rounded (half up). */
export function roundedSolvedBy(solvedBy: number): number {
  return Math.floor(solvedBy + 0.5 + 1e-9);
}

export function filterBrowserQueries(queries: readonly BrowserQuery[], p: BrowserParams): { rows: BrowserQuery[]; matched: number; pages: number; page: number } {
  const needle = p.q.toLowerCase();
  const rows = queries.filter(
    (q) =>
      (!p.domain || q.domain === p.domain) &&
      (p.min === null || (q.solvedBy !== null && roundedSolvedBy(q.solvedBy) >= p.min)) &&
      (p.max === null || (q.solvedBy !== null && roundedSolvedBy(q.solvedBy) <= p.max)) &&
      p.bug.every((b) => q.bugTypes.includes(b)) &&
      (!needle || q.functionName.toLowerCase().includes(needle) || q.queryId.toLowerCase().includes(needle) || q.text.toLowerCase().includes(needle)),
  );
  if (p.sort !== "position") {
    const dir = p.sort === "hardest" ? 1 : -1;
    // Stable: equal difficulty keeps benchmark order; unknown difficulty goes last either way.
    rows.sort((a, b) => (a.solvedBy === null || b.solvedBy === null ? Number(a.solvedBy === null) - Number(b.solvedBy === null) : dir * (a.solvedBy - b.solvedBy)));
  }
  const pages = Math.max(1, Math.ceil(rows.length / BROWSER_PAGE_SIZE));
  const page = Math.min(p.page, pages);
  return { rows: rows.slice((page - 1) * BROWSER_PAGE_SIZE, page * BROWSER_PAGE_SIZE), matched: rows.length, pages, page };
}
