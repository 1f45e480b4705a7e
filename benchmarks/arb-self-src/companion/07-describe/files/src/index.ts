export { describe } from "./describe";
export { CronError } from "./errors";
export { nextRun } from "./next";
export { parse, type Schedule } from "./parse";
