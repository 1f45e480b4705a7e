// Answers of the repository-retrieval routes (lib/repo-board), written to match what they
// return; tests/integration/repo-retrieval.test.ts checks real answers against them.
import { z } from "zod";
import { submissionKindSchema } from "@/lib/submissions/submission-kind";

const estimate = z.strictObject({ value: z.number(), ciLow: z.number(), ciHigh: z.number() }).describe("a mean with its 95% bootstrap interval");
const task = z.enum(["code2test", "comment2context", "trace2code", "edit2ripple", "nogold_natural", "nogold_counterfactual"]);
const scope = z.strictObject({
  task: z.enum(["all", "code2test", "comment2context", "trace2code", "edit2ripple"]),
  weighting: z.enum(["sample", "repo"]),
  filter: z.enum(["all", "code", "tests"]),
  budget: z.number().int(),
});
const paired = z
  .strictObject({
    delta: z.number(),
    ciLow: z.number(),
    ciHigh: z.number(),
    pValue: z.number(),
    method: z.enum(["exact", "monte-carlo"]),
    informative: z.number().int().describe("samples where the two differ"),
  })
  .describe("a minus b with its paired-bootstrap 95% interval and the two-sided paired sign-flip p-value");

export const repoBoardSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), name: z.string(), version: z.string(), versionId: z.number().int(), samples: z.number().int(), files: z.number().int() }),
  scope,
  sort: z.string().describe("the metric rows are ranked by (recall@5, recall@10, recall@20, mrr, bcy@B)"),
  columns: z.array(z.strictObject({ metric: z.string(), label: z.string() })),
  rows: z.array(
    z.strictObject({
      submissionId: z.string().uuid(),
      model: z.string(),
      provider: z.string(),
      organisation: z.string().nullable(),
      kind: submissionKindSchema,
      isBaseline: z.boolean(),
      verified: z.boolean(),
      warningNote: z.string().nullable(),
      publishedAt: z.string().nullable(),
      provisional: z.boolean().describe("scored by an earlier scoring engine of this kind; its automatic re-score is pending"),
      rank: z.number().int(),
      tie: z.enum(["leader", "tied", "below"]).describe("against the leader on the sort metric (paired sign-flip test, alpha 0.05)"),
      pValue: z.number().nullable(),
      values: z.record(z.string(), estimate.nullable()),
      samples: z.number().int(),
    }),
  ),
  samples: z.number().int().describe("positive samples in the scope"),
  repos: z.number().int(),
});

const cell = z.strictObject({
  winner: z.strictObject({ submissionId: z.string().uuid(), model: z.string(), value: estimate }).nullable(),
  runnerUp: z.strictObject({ submissionId: z.string().uuid(), model: z.string(), value: estimate }).nullable(),
  pValue: z.number().nullable(),
  significant: z.boolean(),
});

export const taskWinnersSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  weighting: z.enum(["sample", "repo"]),
  rows: z.array(z.strictObject({ task: z.string(), samples: z.number().int(), cells: z.record(z.string(), cell) })),
});

const aggregate = z
  .object({ sample: z.array(estimate), repo: z.array(estimate), samples: z.number().int(), repos: z.number().int() })
  .describe("means over positive samples in both weightings, one per metric in `metrics` order");

export const runAnalysisSchema = z
  .object({
    engine: z.number().int(),
    metrics: z.array(z.string()).describe("recall@5, recall@10, recall@20, mrr, bcy@4000…32000, any@1…100 (first-gold depth)"),
    positives: z.number().int(),
    overall: aggregate.nullable(),
    byTask: z.record(z.string(), aggregate.nullable()),
    filters: z.record(z.string(), aggregate.nullable()).describe("candidate-filter diagnostics: code only, tests only"),
    selective: z.unknown().nullable().describe("selective retrieval: never abstaining, thresholds calibrated by repository-grouped cross-validation, natural no-gold only"),
    perSample: z.array(z.object({ sampleId: z.string(), task, repo: z.string(), values: z.array(z.number()).nullable(), code: z.array(z.number()).nullable(), tests: z.array(z.number()).nullable() })),
  })
  .describe("a repository-retrieval submission's analysis");

export const fusionSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  inputs: z.array(z.object({ submissionId: z.string().uuid(), model: z.string() })),
  fused: runAnalysisSchema,
  tests: z.record(z.string(), z.array(z.strictObject({ submissionId: z.string().uuid(), result: paired.nullable() }))).describe("per metric: the fused run (a) against each input (b)"),
  k: z.number().int(),
});

export const compareRunsSchema = z.strictObject({
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  scope,
  runs: z.array(
    z.strictObject({ submissionId: z.string().uuid(), model: z.string(), provider: z.string(), isBaseline: z.boolean(), provisional: z.boolean(), values: z.record(z.string(), estimate.nullable()) }),
  ),
  pairs: z.array(z.strictObject({ a: z.string().uuid(), b: z.string().uuid(), metric: z.string(), result: paired.nullable() })),
});

export const repoAnalysisSchema = z.strictObject({
  submissionId: z.string().uuid(),
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  computedAt: z.string().nullable(),
  analysis: runAnalysisSchema.nullable(),
  samples: z.array(
    z.strictObject({
      sampleId: z.string(),
      task,
      repo: z.string(),
      values: z.array(z.number()).nullable(),
      firstGold: z.tuple([z.number().int(), z.number().int()]).nullable().describe("positions its first listed gold file's tie group spans"),
      listed: z.number().int(),
      abstention: z.number().nullable(),
    }),
  ),
});

export const sampleDrilldownSchema = z.strictObject({
  submissionId: z.string().uuid(),
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  model: z.object({ name: z.string(), provider: z.string() }),
  sample: z.strictObject({
    sampleId: z.string(),
    task,
    repo: z.string(),
    baseCommit: z.string(),
    query: z.record(z.string(), z.unknown()),
    queryText: z.string(),
    gold: z.array(z.string()),
    given: z.array(z.string()),
    supporting: z.array(z.string()),
    distractors: z.array(z.string()),
    noGoldReason: z.string().nullable(),
  }),
  files: z.array(
    z.strictObject({
      position: z.number().int(),
      path: z.string(),
      score: z.number(),
      role: z.enum(["gold", "given", "supporting", "distractor", "other"]),
      tie: z.tuple([z.number().int(), z.number().int()]).nullable(),
      tokens: z.number().int(),
      packed: z.record(z.string(), z.enum(["whole", "cut", "no"])).describe("per budget, in the listed order"),
      beyondDepth: z.boolean(),
    }),
  ),
  abstention: z.number().nullable(),
  metrics: z.record(z.string(), z.number()).nullable(),
  missedGold: z.array(z.string()),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
