import { z } from "zod";
import { BenchmarkKind } from "@/lib/db/generated/enums";

// The job registry: every kind of job with its name, queue, payload schema (checked when it is
// enqueued and again when it is processed), deterministic id and options. Handlers are bound to
// these definitions in one place, workers/registry.ts; everything that queues work goes through
// enqueue() (lib/queue/enqueue.ts).
export const QUEUE_NAME = "execboard";
// Execution chunks have a queue of their own, with its own worker slots in every worker
// process, so a scoring job waiting for its chunks never holds up the chunks themselves.
export const EXECUTE_QUEUE_NAME = "execboard-execute";
export type QueueName = typeof QUEUE_NAME | typeof EXECUTE_QUEUE_NAME;

const DAY = 24 * 3600;

/** `I`: the part of the payload that names the job (its id is a function of it alone). */
export interface JobDefinition<S extends z.ZodType = z.ZodType, I = z.output<S>> {
  name: string;
  queue: QueueName;
  schema: S;
  /** Deterministic: enqueueing the same work twice yields one job. */
  jobId: (payload: I) => string;
  attempts: number;
  /** First retry delay; each next one doubles. */
  backoffMs: number;
  /** How long finished jobs stay visible (for deduplication and inspection). */
  keepCompletedSeconds: number;
  keepFailedSeconds: number;
  /**
   * A finished job of the same id is replaced rather than deduplicated against: the same work
   * can legitimately be needed again (a published set that comes back after a hide).
   */
  replaceFinished?: boolean;
}

/** What a job of the main queue gets unless its definition says otherwise. */
const DEFAULTS = {
  queue: QUEUE_NAME,
  attempts: 3,
  backoffMs: 2_000,
  keepCompletedSeconds: 7 * DAY,
  keepFailedSeconds: 30 * DAY,
} as const satisfies Omit<JobDefinition, "name" | "schema" | "jobId">;

type OwnParts<S extends z.ZodType, I> = Pick<JobDefinition<S, I>, "name" | "schema" | "jobId"> & Partial<JobDefinition<S, I>>;

/** A job definition that states its name, payload and id, and only those options that differ from DEFAULTS. */
function define<S extends z.ZodType, I>(own: OwnParts<S, I>): JobDefinition<S, I> {
  return { ...DEFAULTS, ...own };
}

export const jobs = {
  // Scoring one submission (lib/scoring). Enough retries (2 s, 4 s, 8 s, 16 s apart) to ride out a
  // database or Redis restart.
  scoreSubmission: define({
    name: "score-submission",
    schema: z.object({ submissionId: z.string().uuid() }),
    jobId: (p: { submissionId: string }) => `score-${p.submissionId}`,
    attempts: 5,
  }),
  // Cross-submission statistics of a benchmark version (lib/leaderboard), after a publication or
  // a re-score. The id names the published set, so one publication yields one job.
  recomputeVersionAnalysis: define({
    name: "recompute-version-analysis",
    schema: z.object({ versionId: z.number().int().positive(), setKey: z.string().regex(/^[0-9a-f]{16}$/) }),
    jobId: (p: { versionId: number; setKey: string }) => `recompute-${p.versionId}-${p.setKey}`,
    replaceFinished: true,
  }),
  // A maintainer's re-score of one published submission (lib/scoring): the evaluation it fills
  // in was created with the batch, so its id names the job and a retry resumes the same run.
  rescoreSubmission: define({
    name: "rescore-submission",
    schema: z.object({ evaluationId: z.string().uuid() }),
    jobId: (p: { evaluationId: string }) => `rescore-${p.evaluationId}`,
  }),
  // Re-score every published result of a benchmark kind scored by another of its engines
  // (lib/rescore). Each worker queues one per kind at start; the id names the kind and its
  // engine version, so it runs once per upgrade of that kind, and other kinds' results are left alone.
  upgradeScoringEngine: define({
    name: "upgrade-scoring-engine",
    schema: z.object({ kind: z.enum(Object.values(BenchmarkKind) as [BenchmarkKind, ...BenchmarkKind[]]), engineVersion: z.number().int().positive() }),
    jobId: (p: { kind: BenchmarkKind; engineVersion: number }) => `engine-upgrade-${p.kind}-${p.engineVersion}`,
    attempts: 5,
    backoffMs: 5_000,
    keepCompletedSeconds: 30 * DAY,
  }),
  // A chunk of (code, tests) pairs to execute into the execution cache (lib/execution). The id
  // names the chunk's pairs and runner version, so re-enqueueing it is a no-op. Results live in
  // the cache; finished jobs only need to outlive their scoring.
  executePairs: define({
    name: "execute-pairs",
    queue: EXECUTE_QUEUE_NAME,
    schema: z.object({
      chunkId: z.string().regex(/^[0-9a-f]{32}$/),
      runnerVersion: z.string().min(1),
      timeoutMs: z.number().int().min(1).max(60_000).optional(),
      pairs: z
        .array(z.object({ code: z.string().max(256 * 1024), tests: z.array(z.string().max(64 * 1024)).min(1).max(500) }))
        .min(1)
        .max(256),
    }),
    jobId: (p: { chunkId: string }) => `exec-${p.chunkId}`,
    backoffMs: 1_000,
    keepCompletedSeconds: DAY,
    keepFailedSeconds: 7 * DAY,
  }),
} as const;

export type JobName = (typeof jobs)[keyof typeof jobs]["name"];
export type ScoreSubmissionPayload = z.infer<typeof jobs.scoreSubmission.schema>;
export type RecomputeVersionAnalysisPayload = z.infer<typeof jobs.recomputeVersionAnalysis.schema>;
export type ExecutePairsPayload = z.infer<typeof jobs.executePairs.schema>;
export type RescoreSubmissionPayload = z.infer<typeof jobs.rescoreSubmission.schema>;
export type UpgradeScoringEnginePayload = z.infer<typeof jobs.upgradeScoringEngine.schema>;
