import { describe, expect, it } from "vitest";
import { mcnemarExact } from "@/lib/metrics/mcnemar";

describe("mcnemarExact", () => {
  it("reproduces the paper's Table 5", () => {
    expect(mcnemarExact(179, 177)).toBeCloseTo(0.957741888875997, 12); // Gemini 2 vs 001, p = 0.958
    expect(mcnemarExact(136, 127)).toBeCloseTo(0.6218839979857618, 12); // p = 0.622
    expect(mcnemarExact(48, 40)).toBeCloseTo(0.45574127943791237, 12); // p = 0.456
  });

  it("matches exact binomial values", () => {
    expect(mcnemarExact(10, 0)).toBeCloseTo(0.001953125, 15); // 2 * 2^-10
    expect(mcnemarExact(0, 25)).toBeCloseTo(5.960464477539063e-8, 20);
    expect(mcnemarExact(600, 500)).toBeCloseTo(0.0028195449914364284, 14);
    const relative = mcnemarExact(2000, 3000) / 1.3002310005205326e-45;
    expect(relative).toBeCloseTo(1, 9); // far below 2^-1074 * 2^n: log space avoids underflow
  });

  it("is symmetric, capped at 1, and 1 without discordant pairs", () => {
    expect(mcnemarExact(3, 9)).toBe(mcnemarExact(9, 3));
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(1, 0)).toBe(1);
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it("rejects non-counts", () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});
