import type { EvaluationStatus } from "@/lib/db/generated/client";

// The public form of a re-score batch (Prisma rows never leave lib/).
export interface RescoreItem {
  submissionId: string;
  model: string;
  provider: string;
  benchmarkVersion: string;
  /** The evaluation this re-score fills in (null in a dry run). */
  evaluationId: string | null;
  status: EvaluationStatus | "planned";
  failure: { stage: string | null; error: string } | null;
  /**
   * The results it replaces: their evaluation, runner version, the kind's headline metric
   * (`headline` of the batch) and exec@1 (execution-grounded benchmarks; null for others).
   */
  before: { evaluationId: string | null; runnerVersion: string | null; headline: number | null; exec1: number | null };
  /** The new run's, once scored. */
  after: { runnerVersion: string | null; headline: number | null; exec1: number | null } | null;
}

export interface RescoreBatchView {
  /** null for a dry run (nothing was queued). */
  id: string | null;
  benchmark: string;
  /**
   * outdated: published results from another scoring engine or, for a kind that executes,
   * another runner version (or of unknown provenance); outdated-engine: from another scoring engine (queued by the workers after an
   * upgrade); all-published: every published submission.
   */
  scope: "outdated" | "outdated-engine" | "all-published";
  reason: string | null;
  requestedBy: string;
  createdAt: string;
  /** The runner version the new runs are expected to use (this server's); null: the benchmark's kind never executes. */
  runnerVersion: string | null;
  /** The scoring engine of the benchmark's kind the new runs use. */
  scoringEngine: number;
  /** The kind's headline metric, whose value each item shows before and after. */
  headline: { name: string; k: number; label: string };
  counts: Record<EvaluationStatus | "planned", number>;
  /** Every re-score has finished (scored or failed). */
  done: boolean;
  items: RescoreItem[];
  /** Published submissions left out, and why (e.g. already up to date, or a re-score under way). */
  skipped: { submissionId: string; model: string; reason: string }[];
}

/** The value of one metric among an evaluation's, or null. */
export function valueOf(metrics: readonly { name: string; k: number; value: number }[] | undefined, m: { name: string; k: number }): number | null {
  return metrics?.find((x) => x.name === m.name && x.k === m.k)?.value ?? null;
}

export function countByStatus(items: readonly RescoreItem[]): RescoreBatchView["counts"] {
  const counts = { planned: 0, pending: 0, running: 0, scored: 0, failed: 0 };
  for (const i of items) counts[i.status]++;
  return counts;
}
