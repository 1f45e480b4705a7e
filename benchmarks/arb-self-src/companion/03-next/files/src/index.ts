export { nextRun } from "./next";
export { parse, type Schedule } from "./parse";
