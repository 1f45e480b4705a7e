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
    attempts: 3,
  },
} as const;

export type JobName = (typeof jobs)[keyof typeof jobs]["name"];
export type ScoreSubmissionPayload = z.infer<typeof jobs.scoreSubmission.schema>;
