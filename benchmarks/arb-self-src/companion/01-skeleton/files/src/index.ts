export { parse, type Schedule } from "./parse";
