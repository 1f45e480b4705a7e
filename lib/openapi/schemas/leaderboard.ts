import { z } from "zod";
import { metricTableSchema } from "./submissions";

const byK = z.record(z.string(), z.number());

// lib/analysis/ties.ts (TieDiagnostics).
export const tieDiagnosticsSchema = z.strictObject({
  queries: z.number().int(),
  rank1Tied: z.number().int().describe("queries whose rank-1 snippet is one of several tied exactly"),
  boundaryTied: z.number().int().describe("queries whose top-10 cut-off falls inside a tie group"),
  largestBoundaryGroup: z.number().int(),
  scoredPairs: z.number().int().describe("(canonical, own distractor) pairs with both scores"),
  canonicalDistractorTies: z.number().int().describe("of those, pairs scored exactly alike"),
  queriesWithCanonicalTie: z.number().int(),
  editBlind: z.boolean().describe("canonicalDistractorTies / scoredPairs is at least `threshold`"),
  threshold: z.number(),
});

// Written to match lib/leaderboard/get-leaderboard.ts (Leaderboard).
export const leaderboardSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), name: z.string(), version: z.string(), queries: z.number().int(), corpus: z.number().int() }),
  rows: z.array(
    z.strictObject({
      submissionId: z.string().uuid(),
      model: z.string(),
      provider: z.string(),
      organisation: z.string().nullable().describe("the display name of the organisation that submitted it; null for a personal submission"),
      similarity: z.string(),
      dims: z.number().int(),
      openWeights: z.boolean().nullable(),
      modelInfo: z
        .strictObject({
          parameters: z.number().int().nullable().describe("parameter count"),
          license: z.string().nullable(),
          releaseDate: z.string().nullable().describe("YYYY-MM-DD"),
          link: z.string().nullable().describe("an http(s) link to the model card or paper"),
          revision: z.string().nullable(),
        })
        .describe("what the vendor declared about the model; null where not stated"),
      isBaseline: z.boolean(),
      verified: z.boolean().describe("a maintainer marked the results verified"),
      warningNote: z.string().nullable().describe("a maintainer's warning about this row, shown beside it"),
      publishedAt: z.iso.datetime().nullable(),
      metrics: metricTableSchema,
      ties: tieDiagnosticsSchema.nullable().describe("how much of its ranking exact ties decide; null while its analysis is recomputed"),
    }),
  ),
  chance: z
    .strictObject({ exec: byK, execution_precision: byK, ndcg: byK })
    .describe("exact expected metrics of a uniformly random ranking, by k: a reference line, not a submission"),
});
