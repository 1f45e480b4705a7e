import { z } from "zod";
import { metricTableSchema } from "./submissions";

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
      isBaseline: z.boolean(),
      verified: z.boolean().describe("a maintainer marked the results verified"),
      warningNote: z.string().nullable().describe("a maintainer's warning about this row, shown beside it"),
      publishedAt: z.iso.datetime().nullable(),
      metrics: metricTableSchema,
    }),
  ),
});

export const leaderboardQuerySchema = z.object({
  version: z.string().optional().describe("a benchmark version (default: the newest)"),
});
