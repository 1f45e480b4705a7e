import { z } from "zod";
import { allKinds } from "@/lib/kinds/registry";
import { submissionKindSchema } from "@/lib/submissions/submission-kind";
import { submissionFormFields } from "@/lib/intake/create-submission";
import { SubmissionStatus } from "@/lib/db/generated/enums";
import { submissionMetadataSchema } from "@/lib/submissions/metadata";
import { evaluationFields, provenanceSchema } from "./provenance";

// Written to match lib/submissions (SubmissionView, CreatedSubmission, MetricTable);
// tests/integration/accounts-openapi.test.ts checks real answers against them.
const status = z.enum(Object.values(SubmissionStatus) as [SubmissionStatus, ...SubmissionStatus[]]);
const datetime = z.iso.datetime();

export const metricValueSchema = z.strictObject({
  value: z.number().describe("mean over queries"),
  ci95: z.tuple([z.number(), z.number()]).describe("95% bootstrap interval"),
});

// Each kind's families and cut-offs, from its presentation: the schema takes any metric names
// (the kernel stores whatever a kind scored), the description says what each kind writes.
const kindTables = allKinds()
  .map((k) => `${k.title}: ${k.presentation.metrics.map((m) => `${m.name} at k in ${m.ks.join(", ")}`).join("; ")}`)
  .join(". ");

export const metricTableSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.record(z.string().regex(/^[1-9][0-9]*$/), metricValueSchema))
  .describe(`metric name → k → value with its interval: the metrics of the benchmark's kind (${kindTables})`);

export const submissionViewSchema = z.strictObject({
  id: z.string().uuid(),
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  status,
  progress: z.strictObject({ stage: status, done: z.number().int(), total: z.number().int() }),
  error: z.string().nullable(),
  model: z.strictObject({ name: z.string(), provider: z.string(), similarity: z.string(), dims: z.number().int(), dtype: z.string() }),
  organisation: z
    .strictObject({ slug: z.string(), name: z.string() })
    .nullable()
    .describe("the organisation it was submitted for (its members see it before publication); null for a personal submission"),
  metadata: z.record(z.string(), z.unknown()).describe("the metadata sent with the upload"),
  isBaseline: z.boolean(),
  createdAt: datetime,
  updatedAt: datetime,
  scoredAt: datetime.nullable(),
  publishedAt: datetime.nullable(),
  history: z.array(z.strictObject({ status, message: z.string().nullable(), at: datetime })),
  metrics: metricTableSchema.nullable(),
  review: z.strictObject({
    verified: z.boolean().describe("a maintainer marked the results verified"),
    warningNote: z.string().nullable().describe("a maintainer's warning, shown beside it on the leaderboard"),
    reason: z.string().nullable().describe("why a maintainer rejected or hid it (its owner sees this)"),
  }),
  provenance: provenanceSchema.nullable().describe("what produced the current results; null until scored"),
  evaluations: z
    .array(z.strictObject({ ...evaluationFields, metrics: metricTableSchema.nullable() }))
    .describe("every scoring run, oldest first, with its provenance and metrics (a re-score keeps the old run's)"),
  failure: z
    .strictObject({
      cause: z.enum(["file", "platform"]).describe("file: the upload itself (stays charged to the quota); platform: ExecBoard's side (refunded)"),
      title: z.string(),
      what: z.string().describe("what happened, in words"),
      stage: z.string().nullable().describe("the stage scoring stopped in"),
      excerpt: z.array(z.string()).describe("the lines of the scoring log that matter"),
      fix: z.array(z.string()).describe("what to change before submitting again"),
      refunded: z.boolean(),
    })
    .nullable()
    .describe("why it failed, for its owner; null unless status is failed"),
});

export const createdSubmissionSchema = z.strictObject({
  id: z.string().uuid(),
  status: z.literal("queued"),
  benchmark: z.string(),
  version: z.string(),
  organisation: z.string().nullable().describe("the organisation it was submitted for (slug), or null"),
});

// The multipart form as the route reads it (lib/intake submissionFormFields, parsed by
// readForm) plus its file part; the metadata field carries the metadata's own JSON schema.
export const submissionUploadSchema = submissionFormFields.extend({
  file: z
    .string()
    .meta({ format: "binary" })
    .describe("the .npz (query_embeddings, corpus_embeddings, query_ids, corpus_ids) or a ranking .jsonl; at most EXECBOARD_UPLOAD_MAX_BYTES (larger files: resumable uploads)"),
  metadata: submissionFormFields.shape.metadata.meta({ contentMediaType: "application/json", contentSchema: metadataJsonSchema() }),
});

function metadataJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(submissionMetadataSchema, { target: "draft-2020-12", io: "input" });
  return schema;
}

// Written to match lib/account/list-own-submissions.ts (OwnSubmission).
export const ownSubmissionListSchema = z.strictObject({
  submissions: z
    .array(
      z.strictObject({
        id: z.string().uuid(),
        benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
        status,
        progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
        model: z.strictObject({ name: z.string(), provider: z.string() }),
        organisation: z.strictObject({ slug: z.string(), name: z.string() }).nullable().describe("the organisation it was submitted for; null: personal"),
        submittedBy: z.strictObject({ email: z.string(), you: z.boolean() }).describe("the caller, or another member of the organisation"),
        kind: submissionKindSchema,
        createdAt: datetime,
        exec1: metricValueSchema.nullable().describe("exec@1 once scored"),
        error: z.string().nullable(),
        review: z.strictObject({ verified: z.boolean(), warningNote: z.string().nullable(), reason: z.string().nullable() }),
      }),
    )
    .describe("newest first"),
});
