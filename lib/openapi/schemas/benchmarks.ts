import { z } from "zod";

// Written to match lib/benchmark/list-benchmark-versions.ts (BenchmarkListing).
export const benchmarkListSchema = z.strictObject({
  benchmarks: z.array(
    z.strictObject({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      license: z.string(),
      versions: z
        .array(
          z.strictObject({
            version: z.string(),
            description: z.string(),
            createdAt: z.iso.datetime(),
            queries: z.number().int(),
            corpus: z.number().int(),
            distractors: z.number().int(),
            publishedSubmissions: z.number().int().describe("published submissions only"),
            current: z.boolean().describe("the version new submissions are scored against (the newest)"),
            downloadable: z.boolean().describe("its files are kept: GET /api/v1/benchmarks/{slug}/dataset?version= serves them (versions imported before files were kept are not, until imported again)"),
          }),
        )
        .describe("newest first"),
    }),
  ),
});
