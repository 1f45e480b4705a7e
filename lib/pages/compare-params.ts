// The Compare page's URL state: the selected submissions (sel, in the order picked; `ids` is
// accepted too), the k of the query lists and p-value heatmap, and which pair's lists to show.
import { COMPARE_KS } from "./compare";
import { all, first, isUuid, oneOf, toQueryString, type RawSearchParams } from "./search-params";

export interface CompareParams {
  sel: string[];
  k: (typeof COMPARE_KS)[number];
  pair: number;
  /** Show every discordant query, not the first hundred. */
  all: boolean;
}

export function parseCompareParams(raw: RawSearchParams): CompareParams {
  const pair = Number(first(raw, "pair"));
  return {
    sel: [...new Set([...all(raw, "sel"), ...all(raw, "ids")].filter(isUuid))],
    k: oneOf(first(raw, "k"), COMPARE_KS, 1),
    pair: Number.isInteger(pair) && pair >= 0 && pair < 6 ? pair : 0,
    all: first(raw, "all") === "1",
  };
}

export function compareQuery(p: CompareParams, change: Partial<CompareParams> = {}): string {
  const n = { ...p, ...change };
  return toQueryString([...n.sel.map((id): [string, string] => ["sel", id]), ["k", n.k === 1 ? null : n.k], ["pair", n.pair || null], ["all", n.all ? 1 : null]]);
}
