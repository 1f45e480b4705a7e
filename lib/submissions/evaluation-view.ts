import type { EvaluationStatus, EvaluationTrigger, Prisma } from "@/lib/db/generated/client";
import { toMetricTable, type MetricTable } from "./serialize";

// Public forms of an evaluation (one scoring run): what produced it and, for its owner and
// maintainers, its log. Prisma rows never leave lib/.
export interface ProvenanceView {
  benchmarkVersion: string;
  /** SHA-256 of the benchmark version's source (queries, corpus, tests). */
  benchmarkSha256: string;
  /** lib/sandbox RUNNER_VERSION of the worker; null for results recorded before provenance was. */
  runnerVersion: string | null;
  /** The scoring engine of the benchmark's kind that produced the metrics (numbered per kind); null: before engines were recorded, or not scored yet. */
  scoringEngine: number | null;
  sandboxBackend: string | null;
  /** Docker image id (sha256:…) the sandbox ran, or "process". */
  sandboxImage: string | null;
  execboardVersion: string | null;
  execboardCommit: string | null;
}

export interface EvaluationView {
  id: string;
  /** 1, 2, … per submission. */
  seq: number;
  trigger: EvaluationTrigger;
  status: EvaluationStatus;
  /** These are the results the submission shows now. */
  current: boolean;
  rescoreBatchId: string | null;
  provenance: ProvenanceView;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Where and why it failed, when it did. */
  failure: { stage: string | null; error: string } | null;
  metrics: MetricTable | null;
}

export interface EvaluationLogView extends Omit<EvaluationView, "metrics"> {
  worker: string | null;
  attempts: number;
  log: string;
}

export const EVALUATION_SELECT = {
  id: true,
  seq: true,
  trigger: true,
  status: true,
  rescoreBatchId: true,
  benchmarkVersion: true,
  benchmarkSha256: true,
  runnerVersion: true,
  scoringEngine: true,
  sandboxBackend: true,
  sandboxImage: true,
  execboardVersion: true,
  execboardCommit: true,
  worker: true,
  attempts: true,
  failedStage: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** An evaluation as EVALUATION_SELECT reads it. */
export type EvaluationRow = Prisma.EvaluationGetPayload<{ select: typeof EVALUATION_SELECT }>;

export function toProvenanceView(e: EvaluationRow): ProvenanceView {
  return {
    benchmarkVersion: e.benchmarkVersion,
    benchmarkSha256: e.benchmarkSha256,
    runnerVersion: e.runnerVersion,
    scoringEngine: e.scoringEngine,
    sandboxBackend: e.sandboxBackend,
    sandboxImage: e.sandboxImage,
    execboardVersion: e.execboardVersion,
    execboardCommit: e.execboardCommit,
  };
}

/**
 * `submission`: the submission's state. A submission run that the platform gave up on outside
 * its job (the reaper's deadline) leaves its evaluation "running"; it is shown as failed with
 * the submission's error.
 */
export function toEvaluationView(
  e: EvaluationRow,
  submission: { currentEvaluationId: string | null; status: string; error: string | null },
  metrics: { name: string; k: number; value: number; ciLow: number; ciHigh: number }[],
): EvaluationView {
  const abandoned = e.status === "running" && e.trigger !== "rescore" && submission.status === "failed";
  const status = abandoned ? "failed" : e.status;
  const error = abandoned ? (e.error ?? submission.error ?? "the platform gave up on this run") : e.error;
  return {
    id: e.id,
    seq: e.seq,
    trigger: e.trigger,
    status,
    current: submission.currentEvaluationId === e.id,
    rescoreBatchId: e.rescoreBatchId,
    provenance: toProvenanceView(e),
    createdAt: e.createdAt.toISOString(),
    startedAt: e.startedAt?.toISOString() ?? null,
    finishedAt: e.finishedAt?.toISOString() ?? null,
    failure: status === "failed" ? { stage: e.failedStage, error: error ?? "unknown" } : null,
    metrics: toMetricTable(metrics),
  };
}
