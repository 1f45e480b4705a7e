import type { QuotaTriple } from "./quota-view";

type Limits = { [K in keyof QuotaTriple]: number | null };

// An override's limits after a change: an omitted limit stays, null returns it to the default.
export function nextLimits(current: Limits | null, input: { [K in keyof QuotaTriple]?: number | null }): Limits {
  return {
    perDay: input.perDay === undefined ? (current?.perDay ?? null) : input.perDay,
    total: input.total === undefined ? (current?.total ?? null) : input.total,
    concurrent: input.concurrent === undefined ? (current?.concurrent ?? null) : input.concurrent,
  };
}

/** The columns an override row keeps. */
export const LIMIT_COLUMNS = { perDay: true, total: true, concurrent: true } as const;

/**
 * Applies a change to an override (a user's or an organisation's): the row is removed once every
 * limit is back to its default, and written otherwise.
 */
export async function changeOverride(
  current: Limits | null,
  input: { [K in keyof QuotaTriple]?: number | null },
  row: { remove(): Promise<unknown>; save(next: Limits): Promise<unknown> },
): Promise<void> {
  const next = nextLimits(current, input);
  if (next.perDay === null && next.total === null && next.concurrent === null) await row.remove();
  else await row.save(next);
}
