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
  /** The results it replaces: their evaluation, runner version and exec@1. */
  before: { evaluationId: string | null; runnerVersion: string | null; exec1: number | null };
  /** exec@1 of the new run, once scored. */
  after: { runnerVersion: string | null; exec1: number | null } | null;
}

export interface RescoreBatchView {
  /** null for a dry run (nothing was queued). */
  id: string | null;
  benchmark: string;
  /**
   * outdated: published results from another runner version or scoring engine (or of unknown
   * provenance); outdated-engine: from another scoring engine (queued by the workers after an
   * upgrade); all-published: every published submission.
   */
  scope: "outdated" | "outdated-engine" | "all-published";
  reason: string | null;
  requestedBy: string;
  createdAt: string;
  /** The runner version the new runs are expected to use (this server's). */
  runnerVersion: string;
  counts: Record<EvaluationStatus | "planned", number>;
  /** Every re-score has finished (scored or failed). */
  done: boolean;
  items: RescoreItem[];
  /** Published submissions left out, and why (e.g. already up to date, or a re-score under way). */
  skipped: { submissionId: string; model: string; reason: string }[];
}

export function countByStatus(items: readonly RescoreItem[]): RescoreBatchView["counts"] {
  const counts = { planned: 0, pending: 0, running: 0, scored: 0, failed: 0 };
  for (const i of items) counts[i.status]++;
  return counts;
}
