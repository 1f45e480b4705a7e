import { describe, expect, it } from "vitest";
import { headlineFinding, type HeadlineRow } from "@/lib/pages/headline-finding";

const m = (value: number, lo = value - 0.03, hi = value + 0.03) => ({ value, ci95: [lo, hi] as [number, number] });
const row = (model: string, e1: number, e10: number, isBaseline = false): HeadlineRow => ({ model, isBaseline, exec1: m(e1), exec10: m(e10) });

describe("headline finding", () => {
  it("states the leader's exec@1 with its interval, its top 10, and who is statistically tied with it", () => {
    const s = headlineFinding({ rows: [row("Gemini 2", 0.331, 1), row("Qwen3", 0.3, 0.99)], leaderGroup: 3, chance1: 0.002 });
    expect(s).toBe("Gemini 2 leads, putting passing code first for 33% of queries (exec@1 0.331 [0.301, 0.361]) yet within its top 10 for 100%; 2 other systems are not significantly behind it.");
  });

  it("says 'and' rather than 'yet' when most misses are not in the top 10, and when the leader stands alone", () => {
    const s = headlineFinding({ rows: [row("A", 0.3, 0.5), row("B", 0.1, 0.2)], leaderGroup: 1, chance1: 0.002 })!;
    expect(s).toContain(" and within its top 10 for 50%");
    expect(s).toContain("; every other system is significantly behind.");
  });

  it("says when only baselines are published and when the best is barely above chance", () => {
    const s = headlineFinding({ rows: [row("BM25", 0.008, 0.01, true)], leaderGroup: null, chance1: 0.004 })!;
    expect(s.startsWith("Only baselines so far: the best, BM25, puts passing code first for 0.8% of queries")).toBe(true);
    expect(s).toContain("barely above chance (0.004)");
  });

  it("has nothing to say without results", () => {
    expect(headlineFinding({ rows: [], leaderGroup: null, chance1: 0 })).toBeNull();
  });
});
