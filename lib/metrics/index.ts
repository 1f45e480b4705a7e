export * from "./per-query-metrics";
export * from "./tie-aware";
export * from "./score-queries";
export * from "./bootstrap";
export * from "./mcnemar";
export * from "./sign-flip";
export * from "./prng";
