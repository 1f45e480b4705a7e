import type { OverrideLimits, OverrideRow } from "./override-row";
import type { QuotaTriple } from "./quota-view";

type LimitsChange = { [K in keyof QuotaTriple]?: number | null };

// An override's limits after a change: an omitted limit stays, null returns it to the default.
export function nextLimits(current: OverrideLimits | null, input: LimitsChange): OverrideLimits {
  return {
    perDay: input.perDay === undefined ? (current?.perDay ?? null) : input.perDay,
    total: input.total === undefined ? (current?.total ?? null) : input.total,
    concurrent: input.concurrent === undefined ? (current?.concurrent ?? null) : input.concurrent,
  };
}

/**
 * Applies a change to an override (a user's or an organisation's): the row is removed once every
 * limit is back to its default, and written otherwise.
 */
export async function changeOverride(row: OverrideRow, input: LimitsChange): Promise<void> {
  const next = nextLimits(await row.read(), input);
  if (next.perDay === null && next.total === null && next.concurrent === null) await row.remove();
  else await row.save(next);
}
