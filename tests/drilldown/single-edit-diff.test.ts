import { describe, expect, it } from "vitest";
import { singleEditDiff, widenToTokens } from "@/lib/drilldown/single-edit-diff";

const canonical = "def lowest_set_bit(n):\n    if n < 1:\n        return 0\n    return n & (-n)\n";

describe("single-edit diff", () => {
  it("finds the minimal edited span and its size", () => {
    const e = singleEditDiff(canonical, canonical.replace("n & (-n)", "n | (-n)"));
    expect(e).toMatchObject({ removed: "&", added: "|", size: 1 });
    expect(e.prefix + e.removed + e.suffix).toBe(canonical);
  });

  it("measures a deleted guard by the characters removed", () => {
    const variant = canonical.replace("    if n < 1:\n        return 0\n", "");
    const e = singleEditDiff(canonical, variant);
    expect(e.added).toBe("");
    expect(e.size).toBe("    if n < 1:\n        return 0\n".length);
    expect(e.prefix + e.added + e.suffix).toBe(variant);
  });

  it("is empty for identical code", () => {
    expect(singleEditDiff(canonical, canonical)).toMatchObject({ removed: "", added: "", size: 0 });
  });

  it("widens an inserted character to the whole operator for display", () => {
    const e = singleEditDiff(canonical, canonical.replace("n < 1", "n <= 1"));
    expect(e).toMatchObject({ removed: "", added: "=", size: 1 });
    const w = widenToTokens(e);
    expect(w).toMatchObject({ removed: "<", added: "<=", size: 1 });
    expect(w.prefix + w.removed + w.suffix).toBe(canonical);
    expect(w.prefix + w.added + w.suffix).toBe(canonical.replace("n < 1", "n <= 1"));
  });

  it("widens a removed sign to its operand", () => {
    const variant = canonical.replace("(-n)", "(n)");
    const w = widenToTokens(singleEditDiff(canonical, variant));
    expect(w).toMatchObject({ removed: "-n", added: "n" });
    expect(w.prefix + w.added + w.suffix).toBe(variant);
  });

  it("widens a changed digit to the whole number", () => {
    const c = "def f(n):\n    return n + 10\n";
    const w = widenToTokens(singleEditDiff(c, c.replace("10", "11")));
    expect(w).toMatchObject({ removed: "10", added: "11" });
  });
});
