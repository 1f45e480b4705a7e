import { z } from "zod";
import { EvaluationStatus, EvaluationTrigger } from "@/lib/db/generated/enums";

// Written to match lib/provenance (ProvenanceView, EvaluationView, SubmissionLogsView) and
// lib/rescore (RescoreBatchView); the integration tests check real answers against them.
const datetime = z.iso.datetime();
const evaluationStatus = z.enum(Object.values(EvaluationStatus) as [EvaluationStatus, ...EvaluationStatus[]]);

export const provenanceSchema = z.strictObject({
  benchmarkVersion: z.string(),
  benchmarkSha256: z.string().describe("SHA-256 of the benchmark version's source"),
  runnerVersion: z.string().nullable().describe("the sandbox runner version (null: recorded before provenance was)"),
  scoringEngine: z.number().int().nullable().describe("the scoring engine of the benchmark's kind that produced the metrics, numbered per kind (null: recorded before engines were, or not scored yet)"),
  sandboxBackend: z.string().nullable().describe("docker or process"),
  sandboxImage: z.string().nullable().describe("the Docker image id (sha256:…) the sandbox ran, or \"process\""),
  execboardVersion: z.string().nullable(),
  execboardCommit: z.string().nullable(),
});

/** An evaluation's fields; the submission view adds its metrics (schemas/submissions.ts). */
export const evaluationFields = {
  id: z.string().uuid(),
  seq: z.number().int().describe("1, 2, … per submission"),
  trigger: z.enum(Object.values(EvaluationTrigger) as [EvaluationTrigger, ...EvaluationTrigger[]]).describe("submission: on arrival; rerun: a maintainer re-ran it; rescore: a bulk re-score"),
  status: evaluationStatus,
  current: z.boolean().describe("these are the results the submission shows now"),
  rescoreBatchId: z.string().uuid().nullable(),
  provenance: provenanceSchema,
  createdAt: datetime,
  startedAt: datetime.nullable(),
  finishedAt: datetime.nullable(),
  failure: z.strictObject({ stage: z.string().nullable().describe("the pipeline stage it failed in"), error: z.string() }).nullable(),
};

export const submissionLogsSchema = z.strictObject({
  submissionId: z.string().uuid(),
  status: z.string(),
  error: z.string().nullable(),
  evaluations: z.array(
    z.strictObject({
      ...evaluationFields,
      worker: z.string().nullable().describe("host:pid of the worker that ran the last attempt"),
      attempts: z.number().int(),
      log: z.string().describe("timestamped lines: every attempt, who ran it, where and why it failed (with the stack when the platform was at fault)"),
    }),
  ),
});

const rescoreStatus = z.union([evaluationStatus, z.literal("planned").describe("a dry run's plan")]);

export const rescoreBatchSchema = z.strictObject({
  id: z.string().uuid().nullable().describe("null for a dry run or when nothing needed re-scoring"),
  benchmark: z.string(),
  scope: z
    .enum(["outdated", "outdated-engine", "all-published"])
    .describe("outdated: from another scoring engine of the benchmark's kind or (a kind that executes) another runner; outdated-engine: from another engine, queued after an engine upgrade; all-published: every published submission"),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: datetime,
  runnerVersion: z.string().nullable().describe("this server's runner version; null when the benchmark's kind never executes"),
  scoringEngine: z.number().int().describe("the scoring engine of the benchmark's kind the new runs use"),
  headline: z.strictObject({ name: z.string(), k: z.number().int(), label: z.string() }).describe("the kind's headline metric, shown before and after for each item"),
  counts: z.strictObject({ planned: z.number().int(), pending: z.number().int(), running: z.number().int(), scored: z.number().int(), failed: z.number().int() }),
  done: z.boolean(),
  items: z.array(
    z.strictObject({
      submissionId: z.string().uuid(),
      model: z.string(),
      provider: z.string(),
      benchmarkVersion: z.string(),
      evaluationId: z.string().uuid().nullable(),
      status: rescoreStatus,
      failure: z.strictObject({ stage: z.string().nullable(), error: z.string() }).nullable(),
      before: z.strictObject({
        evaluationId: z.string().uuid().nullable(),
        runnerVersion: z.string().nullable(),
        headline: z.number().nullable().describe("the headline metric of the results replaced"),
        exec1: z.number().nullable().describe("exec@1 (execution-grounded benchmarks; null for other kinds)"),
      }),
      after: z.strictObject({ runnerVersion: z.string().nullable(), headline: z.number().nullable(), exec1: z.number().nullable() }).nullable(),
    }),
  ),
  skipped: z.array(z.strictObject({ submissionId: z.string().uuid(), model: z.string(), reason: z.string() })),
});
