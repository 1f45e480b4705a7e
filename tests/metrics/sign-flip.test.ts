// The paired sign-flip test: equal to exact McNemar on 0/1 values, exact on fractions (checked
// against brute-force enumeration of every sign vector), and a valid Monte Carlo fallback.
import { describe, expect, it } from "vitest";
import { mcnemarExact } from "@/lib/metrics/mcnemar";
import { expectedDiscordance, signFlipTest } from "@/lib/metrics/sign-flip";
import type { Rational } from "@/lib/metrics/tie-aware";

const r = (num: number, den = 1): Rational => ({ num, den });
const zeros = (n: number) => Array.from({ length: n }, () => r(0));

function bruteForce(a: Rational[], b: Rational[]): number {
  // Exact rational differences scaled to a common denominator, so comparisons are exact.
  const dens = a.map((x, i) => x.den * b[i].den);
  const L = dens.reduce((l, x) => l * x, 1);
  const d = a.map((x, i) => (x.num * b[i].den - b[i].num * x.den) * (L / dens[i]));
  const obs = Math.abs(d.reduce((s, v) => s + v, 0));
  let extreme = 0;
  for (let mask = 0; mask < 1 << d.length; mask++) {
    let s = 0;
    for (let i = 0; i < d.length; i++) s += mask & (1 << i) ? -d[i] : d[i];
    if (Math.abs(s) >= obs) extreme++;
  }
  return extreme / (1 << d.length);
}

describe("paired sign-flip test", () => {
  it("for 0/1 outcomes the distribution over all sign vectors is McNemar's exact binomial", () => {
    // Independent of both implementations: enumerate every sign vector of small cases.
    for (const [bOnly, cOnly] of [[3, 0], [5, 2], [4, 4], [9, 1], [0, 6]]) {
      const a = [...Array(bOnly).fill(r(1)), ...Array(cOnly).fill(r(0)), r(1), r(0)];
      const b = [...Array(bOnly).fill(r(0)), ...Array(cOnly).fill(r(1)), r(1), r(0)];
      expect(bruteForce(a, b)).toBeCloseTo(mcnemarExact(bOnly, cOnly), 12);
      expect(signFlipTest(a, b).pValue).toBeCloseTo(bruteForce(a, b), 12);
    }
  });

  it("is the exact McNemar test for 0/1 outcomes", () => {
    for (const [bOnly, cOnly, same] of [
      [0, 0, 5],
      [3, 0, 10],
      [7, 2, 30],
      [12, 12, 4],
      [179, 177, 583],
      [224, 123, 592],
      [40, 1, 0],
    ]) {
      const a = [...Array(bOnly).fill(r(1)), ...Array(cOnly).fill(r(0)), ...Array(same).fill(r(1))];
      const b = [...Array(bOnly).fill(r(0)), ...Array(cOnly).fill(r(1)), ...Array(same).fill(r(1))];
      const t = signFlipTest(a, b);
      expect(t.method).toBe("exact");
      expect(t.informative).toBe(bOnly + cOnly);
      expect(t.pValue).toBeCloseTo(mcnemarExact(bOnly, cOnly), 12);
    }
  });

  it("is exact on fractional tie-aware values (brute force over all 2^n sign vectors)", () => {
    const a = [r(1, 5), r(1), r(3, 5), r(0), r(1, 2), r(1), r(2, 3), r(1, 5), r(1), r(0), r(1, 4), r(1)];
    const b = [r(1), r(0), r(1, 5), r(1, 3), r(0), r(1, 5), r(1), r(1, 5), r(0), r(0), r(1), r(1, 2)];
    const t = signFlipTest(a, b);
    expect(t.method).toBe("exact");
    expect(t.informative).toBe(10);
    expect(t.pValue).toBeCloseTo(bruteForce(a, b), 12);
  });

  it("counts sign vectors whose |sum| equals the observed one as extreme (integer comparisons)", () => {
    // d = (1/5, 1/5): sums -2/5, 0, 0, 2/5; observed 2/5 -> p = 2/4.
    expect(signFlipTest([r(1, 5), r(1, 5)], zeros(2)).pValue).toBe(0.5);
    // d = (1/3, 1/6, 1/6): observed 2/3; sums with |s| >= 2/3: (+,+,+) and (-,-,-) -> 2/8.
    expect(signFlipTest([r(1, 3), r(1, 6), r(1, 6)], zeros(3)).pValue).toBe(0.25);
  });

  it("has p = 1 for identical systems and is symmetric in its arguments", () => {
    const a = [r(1, 5), r(1), r(0)];
    expect(signFlipTest(a, a)).toEqual({ pValue: 1, method: "exact", informative: 0 });
    const b = [r(1), r(2, 5), r(1, 3)];
    expect(signFlipTest(a, b).pValue).toBe(signFlipTest(b, a).pValue);
  });

  it("falls back to seeded Monte Carlo when the common denominator is too large, close to the exact value", () => {
    // Distinct prime denominators: their product exceeds the exact grid.
    const primes = [101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157];
    const a = primes.map((p, i) => r(i % 3 === 0 ? p - 1 : 1, p));
    const b = zeros(primes.length);
    const t = signFlipTest(a, b, { flips: 20_000 });
    expect(t.method).toBe("monte-carlo");
    const exact = bruteForce(a.map((x) => ({ num: x.num, den: x.den })), b);
    expect(Math.abs(t.pValue - exact)).toBeLessThan(0.02);
    expect(t.pValue).toBeGreaterThan(0);
    expect(signFlipTest(a, b, { flips: 20_000 }).pValue).toBe(t.pValue); // seeded: reproducible
  });

  it("refuses unpaired inputs", () => {
    expect(() => signFlipTest([r(1)], [])).toThrow(/one value per query/);
  });
});

describe("expected discordant counts", () => {
  it("are McNemar's b and c for 0/1 values and differ by n times the mean difference", () => {
    expect(expectedDiscordance([1, 0, 1, 1], [0, 1, 1, 0])).toEqual({ aOnly: 2, bOnly: 1 });
    const a = [0.2, 1, 0.6], b = [1, 0.2, 0.6];
    const { aOnly, bOnly } = expectedDiscordance(a, b);
    expect(aOnly).toBeCloseTo(0 + 0.8 + 0.24, 12);
    expect(bOnly).toBeCloseTo(0.8 + 0 + 0.24, 12);
    expect(aOnly - bOnly).toBeCloseTo(a.reduce((s, x) => s + x) - b.reduce((s, x) => s + x), 12);
  });
});
