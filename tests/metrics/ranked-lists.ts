import type { RankedCandidate } from "@/lib/metrics/tie-aware";

/** A strictly ranked list (distinct scores) from pass flags; `relevantAt`: 1-based ranks of correct ids. */
export function strict(passes: boolean[], relevantAt: number[] = []): RankedCandidate[] {
  return passes.map((p, i) => ({ score: 1 - i / 100, passes: p, relevant: relevantAt.includes(i + 1) }));
}
