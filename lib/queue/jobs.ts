import { z } from "zod";

// The job registry: each kind has a name and a payload schema, checked when a job is
// enqueued and again when it is processed. Handlers live in workers/.
export const QUEUE_NAME = "execboard";

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
} as const;

export type JobName = (typeof jobs)[keyof typeof jobs]["name"];
export type ScoreSubmissionPayload = z.infer<typeof jobs.scoreSubmission.schema>;
export type RecomputeVersionAnalysisPayload = z.infer<typeof jobs.recomputeVersionAnalysis.schema>;
