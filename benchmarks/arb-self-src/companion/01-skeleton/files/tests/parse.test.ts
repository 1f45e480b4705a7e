import { describe, expect, it } from "vitest";
import { parse } from "../src/parse";

describe("parse", () => {
  it("reads single values and lists", () => {
    const s = parse("5 0,12 1 6 *");
    expect(s.minutes).toEqual([5]);
    expect(s.hours).toEqual([0, 12]);
    expect(s.days).toEqual([1]);
    expect(s.months).toEqual([6]);
    expect(s.weekdays).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("expands * to the whole field", () => {
    const s = parse("* * * * *");
    expect(s.minutes).toHaveLength(60);
    expect(s.hours).toHaveLength(24);
    expect(s.days[0]).toBe(1);
    expect(s.days.at(-1)).toBe(31);
    expect(s.anyDay).toBe(true);
  });

  it("expands ranges inclusively and merges overlaps", () => {
    expect(parse("1-3,2-4 * * * *").minutes).toEqual([1, 2, 3, 4]);
    expect(parse("* 22-23 * * *").hours).toEqual([22, 23]);
  });

  it("refuses values outside a field's bounds", () => {
    expect(() => parse("60 * * * *")).toThrow(/minute: 60 is outside 0-59/);
    expect(() => parse("* * 0 * *")).toThrow(/day of month/);
    expect(() => parse("* * * 13 *")).toThrow(/month/);
  });

  it("refuses a wrong number of fields and backwards ranges", () => {
    expect(() => parse("* * * *")).toThrow(/five fields, got 4/);
    expect(() => parse("5-1 * * * *")).toThrow(/runs backwards/);
  });
});
