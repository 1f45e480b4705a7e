export * from "./per-query-metrics";
export * from "./score-queries";
export * from "./bootstrap";
export * from "./mcnemar";
export * from "./prng";
