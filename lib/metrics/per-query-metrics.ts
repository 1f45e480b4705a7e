// The cut-offs the paper reports for every metric family (§4.1). The per-query metrics
// themselves are tie-aware expectations: see tie-aware.ts.

/** The cut-offs the paper reports for every metric family. */
export const METRIC_KS = [1, 3, 5, 10] as const;
