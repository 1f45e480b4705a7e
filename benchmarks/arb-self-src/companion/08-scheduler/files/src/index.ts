export { ManualClock, systemClock, type Clock } from "./clock";
export { describe } from "./describe";
export { CronError } from "./errors";
export { nextRun } from "./next";
export { parse, type Schedule } from "./parse";
export { Scheduler } from "./scheduler";
