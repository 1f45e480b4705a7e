// The leaderboard's URL state: k, sort, filters and selected rows. Parsed leniently (an unknown
// value falls back to the default) and written back without defaults, so shared links stay short.
import { COLUMN_IDS, LEADERBOARD_KS, type ColumnId, type LeaderboardK } from "./leaderboard-columns";
import { all, first, isUuid, oneOf, toQueryString, type RawSearchParams } from "./search-params";

export const OPEN_WEIGHTS = ["any", "yes", "no", "unknown"] as const;
export const SIMILARITIES = ["any", "cosine", "dot"] as const;
/** What the table shows: the metrics, or exec@1 within each domain (the paper's Figure 6b). */
export const BOARD_VIEWS = ["metrics", "domains"] as const;

export interface LeaderboardParams {
  k: LeaderboardK;
  sort: ColumnId;
  dir: "asc" | "desc";
  provider: string;
  openWeights: (typeof OPEN_WEIGHTS)[number];
  similarity: (typeof SIMILARITIES)[number];
  q: string;
  /** Selected submission ids (for the chart highlight and Compare), at most four. */
  sel: string[];
  show: (typeof BOARD_VIEWS)[number];
}

export const DEFAULT_PARAMS: LeaderboardParams = { k: 1, sort: "rank", dir: "asc", provider: "", openWeights: "any", similarity: "any", q: "", sel: [], show: "metrics" };

/** The direction a column sorts in when first clicked: best first for metrics and recency. */
export function naturalDir(col: ColumnId): "asc" | "desc" {
  return col.startsWith("exec") || col === "ndcg" || col === "date" || col === "dims" || col === "params" ? "desc" : "asc";
}

export function parseLeaderboardParams(raw: RawSearchParams): LeaderboardParams {
  const sort = oneOf(first(raw, "sort"), COLUMN_IDS, DEFAULT_PARAMS.sort);
  return {
    k: oneOf(first(raw, "k"), LEADERBOARD_KS, 1) as LeaderboardK,
    sort,
    dir: oneOf(first(raw, "dir"), ["asc", "desc"] as const, naturalDir(sort)),
    provider: (first(raw, "provider") ?? "").slice(0, 100),
    openWeights: oneOf(first(raw, "open"), OPEN_WEIGHTS, "any"),
    similarity: oneOf(first(raw, "sim"), SIMILARITIES, "any"),
    q: (first(raw, "q") ?? "").trim().slice(0, 100),
    sel: [...new Set(all(raw, "sel").filter(isUuid))].slice(0, 4),
    show: oneOf(first(raw, "show"), BOARD_VIEWS, "metrics"),
  };
}

/** The query string of `p` with `change` applied; defaults are left out. */
export function leaderboardQuery(p: LeaderboardParams, change: Partial<LeaderboardParams> = {}): string {
  const n = { ...p, ...change };
  return toQueryString([
    ["k", n.k === 1 ? undefined : n.k],
    ["sort", n.sort === "rank" ? undefined : n.sort],
    ["dir", n.dir === naturalDir(n.sort) ? undefined : n.dir],
    ["provider", n.provider],
    ["open", n.openWeights === "any" ? undefined : n.openWeights],
    ["sim", n.similarity === "any" ? undefined : n.similarity],
    ["q", n.q],
    ...n.sel.map((id): [string, string] => ["sel", id]),
    ["show", n.show === "metrics" ? undefined : n.show],
  ]);
}

/** The href a column header links to: sort by it, or flip the direction if it already sorts. */
export function sortQuery(p: LeaderboardParams, col: ColumnId): string {
  const dir = p.sort === col ? (p.dir === "asc" ? "desc" : "asc") : naturalDir(col);
  return leaderboardQuery(p, { sort: col, dir });
}

export function hasFilters(p: LeaderboardParams): boolean {
  return p.provider !== "" || p.openWeights !== "any" || p.similarity !== "any" || p.q !== "";
}
