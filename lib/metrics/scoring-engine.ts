/**
 * The execution-grounded kind's scoring engine: what its metrics and analyses mean (each kind
 * numbers its own: lib/kinds, `engine`). Bump when a definition changes; that kind's results of
 * an older engine are re-scored (lib/rescore), never reinterpreted.
 * 1: ties in corpus order (no version was recorded then).
 * 2: tie-aware metrics and analyses (expectations over the orders of exactly tied snippets),
 *    the ranked list kept through the end of the tie group at rank 10, paired sign-flip tests.
 */
export const ANALYSIS_ENGINE_VERSION = 2;
