// What sits at rank 1 of a query. With exactly tied scores at the top, each member of the tie
// group is at rank 1 with probability 1/g (every order of the group equally likely), so the
// rank-1 outcome is a distribution over the group's members, not one snippet.
import { tieGroups } from "@/lib/metrics/tie-aware";
import type { QueryEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";

/** What sits at rank 1 of a query: a passing snippet, or which kind of failing one. */
export type Rank1Kind = "pass" | "own_distractor" | "own_canonical" | "other_canonical" | "other_distractor" | "none";

export function classifyRow(layout: BenchmarkLayout, qi: number, row: number, passes: boolean): Exclude<Rank1Kind, "none"> {
  if (passes) return "pass";
  const item = layout.corpus[row];
  const own = item.queryIndex === qi;
  if (item.role === "distractor") return own ? "own_distractor" : "other_distractor";
  return own ? "own_canonical" : "other_canonical";
}

export interface Rank1Member {
  corpusId: string;
  kind: Exclude<Rank1Kind, "none">;
}

/** The members of the rank-1 tie group (one when rank 1 is strict), best-listed first. */
export function rank1Members(layout: BenchmarkLayout, qi: number, e: QueryEvidence): Rank1Member[] {
  if (e.top.length === 0) return [];
  const ranked = Array.from(e.top, (row, i) => ({ score: e.scores[i], passes: e.passes[i] ?? false, relevant: false }));
  const size = tieGroups(ranked)[0].size;
  return Array.from({ length: size }, (_, i) => ({ corpusId: layout.corpus[e.top[i]].corpusId, kind: classifyRow(layout, qi, e.top[i], e.passes[i] ?? false) }));
}

/** Probability of each kind at rank 1: each member of the rank-1 group counts 1/g. */
export function rank1Shares(members: readonly Rank1Member[]): Record<Rank1Kind, number> {
  const shares: Record<Rank1Kind, number> = { pass: 0, own_distractor: 0, own_canonical: 0, other_canonical: 0, other_distractor: 0, none: 0 };
  if (members.length === 0) {
    shares.none = 1;
    return shares;
  }
  for (const m of members) shares[m.kind] += 1 / members.length;
  return shares;
}
