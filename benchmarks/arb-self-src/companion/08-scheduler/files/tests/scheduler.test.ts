import { describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { Scheduler } from "../src/scheduler";

const MINUTE = 60_000;

function setup(start = "2026-03-02T08:59:30Z") {
  const clock = new ManualClock(new Date(start));
  const scheduler = new Scheduler(clock);
  const runs: string[] = [];
  const job = (name: string) => (at: Date) => runs.push(`${name}@${at.toISOString().slice(11, 16)}`);
  return { clock, scheduler, runs, job };
}

describe("Scheduler", () => {
  it("runs a job when its minute comes, and not before", () => {
    const { clock, scheduler, runs, job } = setup();
    scheduler.add("report", "0 9 * * *", job("report"));
    expect(scheduler.tick()).toEqual([]);
    clock.advance(30_000);
    expect(scheduler.tick()).toEqual(["report"]);
    expect(runs).toEqual(["report@09:00"]);
    expect(scheduler.nextDue()?.toISOString()).toBe("2026-03-03T09:00:00.000Z");
  });

  it("runs due jobs earliest first, by name on a tie", () => {
    const { clock, scheduler, job } = setup();
    scheduler.add("b", "0 9 * * *", job("b"));
    scheduler.add("a", "0 9 * * *", job("a"));
    scheduler.add("early", "59 8 * * *", job("early"));
    clock.advance(2 * MINUTE);
    expect(scheduler.tick()).toEqual(["a", "b"]);
  });

  it("refuses a second job under a name in use, and forgets removed jobs", () => {
    const { clock, scheduler, job } = setup();
    scheduler.add("x", "* * * * *", job("x"));
    expect(() => scheduler.add("x", "* * * * *", job("x"))).toThrow(/already scheduled/);
    expect(scheduler.remove("x")).toBe(true);
    clock.advance(MINUTE);
    expect(scheduler.tick()).toEqual([]);
    expect(scheduler.nextDue()).toBeNull();
  });

  it("a clock does not run backwards", () => {
    expect(() => new ManualClock(new Date(0)).advance(-1)).toThrow(/backwards/);
  });
});
