// A figure as the API serves it: a value with its 95% interval, or an explicit "not available"
// with the reason, never a guess. A ranking submission, for instance, has no score for a
// distractor it did not rank, so a statistic that needs that score is not available.
import type { Estimate } from "@/lib/metrics/estimates";

export type Stat = { available: true; value: number; ci95: [number, number] } | { available: false; reason: string };

export function available(e: Estimate): Stat {
  return { available: true, value: e.value, ci95: e.ci95 };
}

export function notAvailable(reason: string): Stat {
  return { available: false, reason };
}

export function statOf(e: Estimate | null, reasonIfMissing: string): Stat {
  return e ? available(e) : notAvailable(reasonIfMissing);
}
