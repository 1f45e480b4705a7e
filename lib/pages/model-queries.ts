// The model page's per-query table: every query with what this submission put at rank 1 (one
// snippet, or a group of exactly tied ones), where the canonical landed and the first k at
// which a passing snippet is certain; filtered and paged by the URL. Built from the stored
// per-submission analysis (no ranking rows are read).
import type { QueryRecord } from "@/lib/analysis/analyze-submission";
import { all, first, oneOf, positiveInt, type RawSearchParams } from "./search-params";

export type Rank1Outcome = "pass" | "own_distractor" | "other" | "tied" | "none";

export interface ModelQueryRow {
  queryId: string;
  functionName: string;
  domain: string;
  /**
   * Rank 1: one snippet (corpusId; bugType for an own distractor), or "tied": `tied` snippets
   * share the top score (corpusId null) and `exec1` is the chance that rank 1 passes.
   */
  rank1: { outcome: Rank1Outcome; corpusId: string | null; bugType: string | null; tied: number; exec1: number } | null;
  /** Best rank the canonical can have (the start of its tie group), and that group's size. */
  canonicalRank: number | null;
  canonicalTie: number;
  /** Smallest k in {1, 3, 5, 10} with exec@k = 1 (certain); null when no such k. */
  firstPassK: number | null;
  /** Canonical score minus the best mechanical distractor's, when both exist. */
  gap: number | null;
}

export const OUTCOMES = ["any", "pass", "miss", "own_distractor", "other", "tied"] as const;
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
    const members = r.rank1?.members ?? [];
    const only = members.length === 1 ? members[0] : null;
    const outcome: Rank1Outcome =
      members.length === 0 ? "none" : !only ? "tied" : only.kind === "pass" ? "pass" : only.kind === "own_distractor" ? "own_distractor" : "other";
    return {
      queryId: r.queryId,
      functionName: names.get(r.queryId) ?? r.queryId,
      domain: r.domain,
      rank1:
        members.length === 0
          ? null
          : {
              outcome,
              corpusId: only?.corpusId ?? null,
              bugType: only && outcome === "own_distractor" ? (bugTypes.get(only.corpusId) ?? null) : null,
              tied: members.length,
              exec1: r.exec[1],
            },
      canonicalRank: r.canonicalRank,
      canonicalTie: r.canonicalTie,
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
      (p.outcome === "any" || (p.outcome === "miss" ? (r.rank1?.exec1 ?? 0) < 1 : r.rank1?.outcome === p.outcome)) &&
      (p.bug.length === 0 || (r.rank1?.bugType != null && p.bug.includes(r.rank1.bugType))) &&
      (!needle || r.functionName.toLowerCase().includes(needle) || r.queryId.toLowerCase().includes(needle)),
  );
  const pages = Math.max(1, Math.ceil(matched.length / QUERY_PAGE_SIZE));
  const page = Math.min(p.page, pages);
  return { rows: matched.slice((page - 1) * QUERY_PAGE_SIZE, page * QUERY_PAGE_SIZE), matched: matched.length, pages, page };
}
