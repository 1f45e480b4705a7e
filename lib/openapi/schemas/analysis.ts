import { submissionKindSchema } from "@/lib/submissions/submission-kind";
import { z } from "zod";
import { tieDiagnosticsSchema } from "./leaderboard";
import { metricTableSchema } from "./submissions";

// The analysis routes' answers, written to match lib/leaderboard (VersionAnalysisView,
// DifficultyView, PairwiseView) and lib/analysis (SubmissionAnalysisView) and checked against
// real answers by e2e/api-schemas.spec.ts. Counts that follow the tie policy (an exact tie is
// worth its chance) are expectations: numbers, not integers.

const byK = z.record(z.string(), z.number()).describe("k → value (k in 1, 3, 5, 10)");
const bootstrapSchema = z.strictObject({ replicates: z.number().int(), seed: z.number().int(), method: z.string() });

// lib/analysis/stat.ts: a value with its interval, or why it is not available (never a guess).
export const statSchema = z
  .union([
    z.strictObject({ available: z.literal(true), value: z.number(), ci95: z.tuple([z.number(), z.number()]) }),
    z.strictObject({ available: z.literal(false), reason: z.string() }),
  ])
  .describe("a value with its 95% bootstrap interval, or { available: false, reason }");

const expected = (what: string) => z.number().describe(`${what} (an expectation over the orders of exactly tied snippets: may be a fraction)`);

export const versionAnalysisSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), name: z.string(), version: z.string(), queries: z.number().int(), corpus: z.number().int() }),
  computedAt: z.iso.datetime().nullable(),
  stale: z.boolean().describe("a publication or withdrawal is not folded in yet (a recomputation is queued)"),
  bootstrap: bootstrapSchema.nullable(),
  systems: z.array(z.strictObject({ submissionId: z.string().uuid(), model: z.string(), provider: z.string(), kind: submissionKindSchema })),
  tieGroups: z
    .array(z.strictObject({ k: z.number().int(), alpha: z.number(), leader: z.string().uuid(), members: z.array(z.string().uuid()) }))
    .describe("per k: the leader and every system whose paired sign-flip p against it is at least alpha"),
  difficulty: z
    .strictObject({
      systems: z.number().int(),
      histogram: z.array(z.number()).describe("[n] = expected number of queries solved at rank 1 by exactly n systems (Poisson-binomial)"),
      solvedByNone: expected("queries solved by no system"),
      solvedByAll: expected("queries solved by every system"),
      median: z.number(),
      mean: z.number(),
    })
    .nullable(),
});

export const difficultySchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  computedAt: z.iso.datetime().nullable(),
  stale: z.boolean(),
  systems: z.array(z.string().uuid()),
  histogram: z.array(z.number()).describe("[n] = expected number of queries solved at rank 1 by exactly n systems"),
  solvedByNone: expected("queries solved by no system"),
  solvedByAll: expected("queries solved by every system"),
  median: z.number().nullable(),
  mean: z.number().nullable(),
  queries: z.array(z.strictObject({ queryId: z.string(), domain: z.string(), solvedBy: expected("systems whose rank-1 snippet passes") })),
});

export const pairwiseSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  computedAt: z.iso.datetime().nullable(),
  stale: z.boolean(),
  bootstrap: bootstrapSchema.nullable(),
  comparisons: z.array(
    z.strictObject({
      a: z.strictObject({ submissionId: z.string().uuid(), model: z.string() }).describe("the better-placed system"),
      b: z.strictObject({ submissionId: z.string().uuid(), model: z.string() }),
      metric: z.enum(["exec", "execution_precision", "ndcg"]),
      k: z.number().int(),
      aValue: z.number(),
      bValue: z.number(),
      delta: z.number().describe("aValue − bValue"),
      ci95: z.tuple([z.number(), z.number()]).describe("paired-bootstrap 95% interval of delta"),
      aOnly: z.number().nullable().describe("exec only: expected queries solved by a and not b, Σ a(1 − b) (McNemar's discordant count when nothing is tied)"),
      bOnly: z.number().nullable().describe("exec only: expected queries solved by b and not a"),
      pValue: z.number().nullable().describe("exec only: two-sided paired sign-flip p on the per-query exec@k (the exact McNemar p when nothing is tied)"),
      pMethod: z.enum(["exact", "monte-carlo"]).nullable().describe("exec only: how pValue was computed (monte-carlo: 100,000 seeded sign flips)"),
    }),
  ),
});

const deceptionGroupFields = {
  pairs: z.number().int(),
  scoredPairs: z.number().int(),
  deceived: expected("deceived pairs: a distractor above its canonical counts 1, an exact tie ½"),
  tiedPairs: z.number().int().describe("scored pairs whose distractor ties its canonical exactly"),
  rate: statSchema,
};

const gapSchema = z.union([
  z.strictObject({ status: z.literal("scored"), canonical: z.number(), bestDistractor: z.number(), bestDistractorId: z.string(), gap: z.number() }),
  z.strictObject({ status: z.enum(["not_applicable", "not_available"]), reason: z.string() }),
]);

const rank1KindSchema = z.enum(["pass", "own_distractor", "own_canonical", "other_canonical", "other_distractor"]);

export const queryRecordSchema = z.strictObject({
  queryId: z.string(),
  domain: z.string(),
  rank1: z
    .strictObject({ members: z.array(z.strictObject({ corpusId: z.string(), kind: rank1KindSchema })) })
    .nullable()
    .describe("the rank-1 tie group: one member when rank 1 is strict, else every snippet tied at the top (each rank 1 with probability 1/size)"),
  canonicalRank: z.number().int().nullable().describe("best rank a correct id can have in the executed list (the start of its tie group)"),
  canonicalTie: z.number().int().describe("size of that id's tie group (1: its rank is exact)"),
  exec: byK.describe("tie-aware exec@k: 1 or 0, or the chance over tie orders"),
  executionPrecision: byK,
  ndcg: byK,
  gap: gapSchema,
});

export const submissionAnalysisSchema = z.strictObject({
  id: z.string().uuid(),
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  kind: submissionKindSchema,
  status: z.string(),
  metrics: metricTableSchema.nullable(),
  computedAt: z.iso.datetime().nullable(),
  analysis: z
    .strictObject({
      engineVersion: z.number().int().describe("the scoring engine that produced it (2: tie-aware)"),
      bootstrap: bootstrapSchema,
      missAttribution: z.strictObject({
        queries: z.number().int(),
        misses: expected("miss@1: queries whose rank-1 snippet fails"),
        ownDistractor: expected("misses whose rank 1 is one of the query's own distractors"),
        ownCanonical: expected("misses whose rank 1 is the query's own canonical failing (cannot happen in a verified benchmark)"),
        otherCanonical: expected("misses whose rank 1 is another query's canonical"),
        otherDistractor: expected("misses whose rank 1 is another query's distractor"),
        nothingRetrieved: expected("queries that retrieved nothing"),
        ownDistractorShare: statSchema,
      }),
      similarityGap: z.strictObject({
        eligibleQueries: z.number().int(),
        scoredQueries: z.number().int(),
        canonicalBelowShare: statSchema,
        medianGap: statSchema,
        meanGap: statSchema,
      }),
      deception: z.strictObject({
        overall: z.strictObject(deceptionGroupFields),
        byBugType: z.array(z.strictObject({ ...deceptionGroupFields, bugType: z.string(), mechanical: z.boolean() })),
        byEditSize: z.array(z.strictObject({ ...deceptionGroupFields, bucket: z.string(), minChars: z.number().int(), maxChars: z.number().int().nullable() })),
        outsideEditBuckets: z.number().int(),
      }),
      perDomain: z.array(z.strictObject({ domain: z.string(), queries: z.number().int(), solved: expected("queries solved at rank 1"), exec1: statSchema })),
      poolDensity: z.strictObject({
        maxDistractors: z.number().int(),
        rows: z.array(z.strictObject({ retained: z.number().int(), expectedExec1: statSchema })),
      }),
      ties: tieDiagnosticsSchema,
    })
    .nullable()
    .describe("null until the submission is scored"),
  perQuery: z.array(queryRecordSchema).optional().describe("left out when asked with perQuery=false"),
});
