// Where the scheduler reads the time: the system clock in production, a hand-driven one in tests.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private t: number;

  constructor(start: Date) {
    this.t = start.getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error("a clock does not run backwards");
    this.t += ms;
  }
}
