// The queries behind a pair's discordant counts on the Compare page. Pure.
import type { CompareQuery } from "./compare";

/** A query with each system's chance of solving it within the top k (1 or 0 unless scores tie). */
export type DiscordantQuery = CompareQuery & { a: number; b: number };

/**
 * The queries behind A's discordant count: those A solves while B misses in at least some tie
 * orders (a·(1 − b) > 0). Their a·(1 − b) add up to the table's expected A-only count, and
 * without ties this is exactly "A solves, B does not".
 */
export function discordantQueries(queries: readonly CompareQuery[], a: ArrayLike<number>, b: ArrayLike<number>): { aOnly: DiscordantQuery[]; bOnly: DiscordantQuery[] } {
  const pick = (x: ArrayLike<number>, y: ArrayLike<number>) => queries.flatMap((q, i) => (x[i] * (1 - y[i]) > 0 ? [{ ...q, a: a[i], b: b[i] }] : []));
  return { aOnly: pick(a, b), bOnly: pick(b, a) };
}
