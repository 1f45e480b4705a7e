import { z } from "zod";

// Query parameters of the benchmark-version analysis routes, shared by their handlers and the
// OpenAPI document (which describes the input side: k as the string it arrives as).
export const versionQuerySchema = z.object({
  version: z.string().min(1).max(32).optional().describe("a benchmark version (default: the newest)"),
});

export const pairwiseQuerySchema = versionQuerySchema.extend({
  metric: z.enum(["exec", "execution_precision", "ndcg"]).optional().describe("one metric family"),
  k: z.enum(["1", "3", "5", "10"]).transform(Number).optional().describe("one k"),
  submission: z.string().uuid().optional().describe("only the pairs involving this submission"),
});
