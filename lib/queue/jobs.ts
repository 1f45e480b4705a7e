import { z } from "zod";

// The job registry: each kind has a name and a payload schema, checked when a job is
// enqueued and again when it is processed. Handlers live in workers/.
export const QUEUE_NAME = "execboard";
// Execution chunks have a queue of their own, with its own worker slots in every worker
// process, so a scoring job waiting for its chunks never holds up the chunks themselves.
export const EXECUTE_QUEUE_NAME = "execboard-execute";

export const jobs = {
  scoreSubmission: {
    name: "score-submission",
    schema: z.object({ submissionId: z.string().uuid() }),
    // Deterministic id: enqueueing the same submission twice yields one job.
    jobId: (p: { submissionId: string }) => `score-${p.submissionId}`,
    // Enough retries (2 s, 4 s, 8 s, 16 s apart) to ride out a database or Redis restart.
    attempts: 5,
  },
  // Cross-submission statistics of a benchmark version (lib/leaderboard), after a publication.
  // The id names the published set, so one publication yields one job and a later one a new job.
  recomputeVersionAnalysis: {
    name: "recompute-version-analysis",
    schema: z.object({ versionId: z.number().int().positive(), setKey: z.string().regex(/^[0-9a-f]{16}$/) }),
    jobId: (p: { versionId: number; setKey: string }) => `recompute-${p.versionId}-${p.setKey}`,
    attempts: 3,
  },
  // A maintainer's re-score of one published submission (lib/rescore): the evaluation it fills
  // in was created with the batch, so its id names the job and a retry resumes the same run.
  rescoreSubmission: {
    name: "rescore-submission",
    schema: z.object({ evaluationId: z.string().uuid() }),
    jobId: (p: { evaluationId: string }) => `rescore-${p.evaluationId}`,
    attempts: 3,
  },
  // Re-score every published result of an older scoring engine (lib/rescore). Each worker
  // queues it at start; the id names the engine version, so it runs once per upgrade.
  upgradeScoringEngine: {
    name: "upgrade-scoring-engine",
    schema: z.object({ engineVersion: z.number().int().positive() }),
    jobId: (p: { engineVersion: number }) => `engine-upgrade-${p.engineVersion}`,
    attempts: 5,
  },
  // A chunk of (code, tests) pairs to execute into the execution cache (lib/execution). The id
  // names the chunk's pairs and runner version, so re-enqueueing it is a no-op.
  executePairs: {
    name: "execute-pairs",
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
    attempts: 3,
  },
} as const;

export type JobName = (typeof jobs)[keyof typeof jobs]["name"];
export type ScoreSubmissionPayload = z.infer<typeof jobs.scoreSubmission.schema>;
export type RecomputeVersionAnalysisPayload = z.infer<typeof jobs.recomputeVersionAnalysis.schema>;
export type ExecutePairsPayload = z.infer<typeof jobs.executePairs.schema>;
export type RescoreSubmissionPayload = z.infer<typeof jobs.rescoreSubmission.schema>;
export type UpgradeScoringEnginePayload = z.infer<typeof jobs.upgradeScoringEngine.schema>;
