import { describe, expect, it } from "vitest";
import { nextRun } from "../src/next";
import { parse } from "../src/parse";

const at = (iso: string) => new Date(`${iso}Z`);
const next = (expr: string, after: string) => nextRun(parse(expr), at(after))?.toISOString() ?? null;

describe("nextRun", () => {
  it("is strictly after the instant, on a whole minute", () => {
    expect(next("* * * * *", "2026-03-01T10:00:00")).toBe("2026-03-01T10:01:00.000Z");
    expect(next("* * * * *", "2026-03-01T10:00:30")).toBe("2026-03-01T10:01:00.000Z");
  });

  it("finds the next matching minute and hour", () => {
    expect(next("30 9 * * *", "2026-03-01T08:00:00")).toBe("2026-03-01T09:30:00.000Z");
    expect(next("30 9 * * *", "2026-03-01T09:30:00")).toBe("2026-03-02T09:30:00.000Z");
    expect(next("*/15 * * * *", "2026-03-01T10:07:00")).toBe("2026-03-01T10:15:00.000Z");
  });

  it("crosses month and year boundaries", () => {
    expect(next("0 0 1 * *", "2026-01-31T12:00:00")).toBe("2026-02-01T00:00:00.000Z");
    expect(next("0 0 1 1 *", "2026-06-15T00:00:00")).toBe("2027-01-01T00:00:00.000Z");
    expect(next("59 23 31 12 *", "2026-12-31T23:58:00")).toBe("2026-12-31T23:59:00.000Z");
  });

  it("skips months too short for the day", () => {
    expect(next("0 0 31 * *", "2026-04-01T00:00:00")).toBe("2026-05-31T00:00:00.000Z");
    expect(next("0 12 29 2 *", "2026-01-01T00:00:00")).toBe("2028-02-29T12:00:00.000Z");
  });

  it("matches weekdays", () => {
    // 2026-03-01 is a Sunday.
    expect(next("0 9 * * 1", "2026-03-01T00:00:00")).toBe("2026-03-02T09:00:00.000Z");
    expect(next("0 9 * * 0", "2026-03-01T10:00:00")).toBe("2026-03-08T09:00:00.000Z");
  });

  it("gives null for a schedule that never fires", () => {
    expect(next("30 2 31 2 *", "2026-01-01T00:00:00")).toBeNull();
  });
});
