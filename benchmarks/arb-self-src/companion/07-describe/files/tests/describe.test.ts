import { describe as group, expect, it } from "vitest";
import { describe } from "../src/describe";

group("describe", () => {
  it("says every minute and every n minutes", () => {
    expect(describe("* * * * *")).toBe("every minute");
    expect(describe("*/15 * * * *")).toBe("every 15 minutes");
    expect(describe("0,20,40 * * * *")).toBe("every 20 minutes");
  });

  it("gives a time of day when there is one", () => {
    expect(describe("30 9 * * *")).toBe("at 09:30");
    expect(describe("30 9 * * 1-5")).toBe("at 09:30 on weekdays");
    expect(describe("0 18 * * SAT,SUN")).toBe("at 18:00 on Sunday and Saturday");
  });

  it("lists minutes and hours otherwise", () => {
    expect(describe("0,30 8 * 1 *")).toBe("at minute 0 and 30 past hour 8 in January");
    expect(describe("5,10,50 * * * *")).toBe("at minute 5, 10 and 50");
    expect(describe("0 9,17 1 * *")).toBe("at minute 0 past hour 9 and 17 on day 1 of the month");
  });

  it("does not call an uneven or offset list a step", () => {
    expect(describe("5/20 * * * *")).toBe("at minute 5, 25 and 45");
    expect(describe("0,15,45 * * * *")).toBe("at minute 0, 15 and 45");
  });
});
