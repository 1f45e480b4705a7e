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
