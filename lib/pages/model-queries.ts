// The model page's per-query table: every query with what this submission put at rank 1, where
// the canonical landed and the first k at which a passing snippet appears; filtered and paged
// by the URL. Built from the stored per-submission analysis (no ranking rows are read).
import type { QueryRecord } from "@/lib/analysis/analyze-submission";
import { all, first, oneOf, positiveInt, type RawSearchParams } from "./search-params";

export type Rank1Outcome = "pass" | "own_distractor" | "other" | "none";

export interface ModelQueryRow {
  queryId: string;
  functionName: string;
  domain: string;
  rank1: { outcome: Rank1Outcome; corpusId: string; bugType: string | null } | null;
  canonicalRank: number | null;
  /** Smallest k in {1, 3, 5, 10} with exec@k = 1; null when nothing in the top 10 passes. */
  firstPassK: number | null;
  /** Canonical score minus the best mechanical distractor's, when both exist. */
  gap: number | null;
}

export const OUTCOMES = ["any", "pass", "miss", "own_distractor", "other"] as const;
export const QUERY_PAGE_SIZE = 50;

export interface ModelQueryParams {
  domain: string;
  outcome: (typeof OUTCOMES)[number];
  bug: string[];
  q: string;
  page: number;
}

export function parseModelQueryParams(raw: RawSearchParams): ModelQueryParams {
  return {
    domain: (first(raw, "domain") ?? "").slice(0, 64),
    outcome: oneOf(first(raw, "outcome") ?? (first(raw, "misses") === "1" ? "miss" : undefined), OUTCOMES, "any"),
    bug: all(raw, "bug").slice(0, 10),
    q: (first(raw, "q") ?? "").trim().slice(0, 100),
    page: positiveInt(first(raw, "page"), 1, 10_000),
  };
}

export function toModelQueryRows(perQuery: readonly QueryRecord[], names: ReadonlyMap<string, string>, bugTypes: ReadonlyMap<string, string | null>): ModelQueryRow[] {
  return perQuery.map((r) => {
    const kind = r.rank1?.kind;
    const outcome: Rank1Outcome = !r.rank1 || kind === "none" ? "none" : kind === "pass" ? "pass" : kind === "own_distractor" ? "own_distractor" : "other";
    return {
      queryId: r.queryId,
      functionName: names.get(r.queryId) ?? r.queryId,
      domain: r.domain,
      rank1: r.rank1 ? { outcome, corpusId: r.rank1.corpusId, bugType: outcome === "own_distractor" ? (bugTypes.get(r.rank1.corpusId) ?? null) : null } : null,
      canonicalRank: r.canonicalRank,
      firstPassK: [1, 3, 5, 10].find((k) => r.exec[k] === 1) ?? null,
      gap: r.gap.status === "scored" ? r.gap.gap : null,
    };
  });
}

export function filterModelQueries(rows: readonly ModelQueryRow[], p: ModelQueryParams): { rows: ModelQueryRow[]; matched: number; pages: number; page: number } {
  const needle = p.q.toLowerCase();
  const matched = rows.filter(
    (r) =>
      (!p.domain || r.domain === p.domain) &&
      (p.outcome === "any" || (p.outcome === "miss" ? r.rank1?.outcome !== "pass" : r.rank1?.outcome === p.outcome)) &&
      (p.bug.length === 0 || (r.rank1?.bugType != null && p.bug.includes(r.rank1.bugType))) &&
      (!needle || r.functionName.toLowerCase().includes(needle) || r.queryId.toLowerCase().includes(needle)),
  );
  const pages = Math.max(1, Math.ceil(matched.length / QUERY_PAGE_SIZE));
  const page = Math.min(p.page, pages);
  return { rows: matched.slice((page - 1) * QUERY_PAGE_SIZE, page * QUERY_PAGE_SIZE), matched: matched.length, pages, page };
}
