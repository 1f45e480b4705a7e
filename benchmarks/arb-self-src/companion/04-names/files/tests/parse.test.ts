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

  it("takes every n-th value of a stepped range", () => {
    expect(parse("*/15 * * * *").minutes).toEqual([0, 15, 30, 45]);
    expect(parse("10-50/10 * * * *").minutes).toEqual([10, 20, 30, 40, 50]);
    expect(parse("5/20 * * * *").minutes).toEqual([5, 25, 45]);
    expect(parse("* */6 * * *").hours).toEqual([0, 6, 12, 18]);
    expect(parse("* * */10 * *").days).toEqual([1, 11, 21, 31]);
  });

  it("refuses steps that are not whole numbers of at least 1", () => {
    expect(() => parse("*/0 * * * *")).toThrow(/minute: step "0"/);
    expect(() => parse("*/x * * * *")).toThrow(/step "x"/);
  });

  it("reads month and weekday names in any case", () => {
    expect(parse("0 0 * JAN,jul *").months).toEqual([1, 7]);
    expect(parse("0 9 * * MON-FRI").weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(parse("0 9 * * sun").weekdays).toEqual([0]);
    expect(() => parse("0 9 * * MONDAY")).toThrow(/not a number/);
    expect(() => parse("JAN * * * *")).toThrow(/minute/);
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
