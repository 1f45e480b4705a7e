import { canSeeSubmission } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { EvaluationView, ProvenanceView } from "./evaluation-view";
import { explainFailure, type FailureExplanation } from "./explain-failure";
import { listEvaluations } from "./list-evaluations";
import { publicMetadata } from "./metadata";
import { toMetricTable, type MetricTable } from "./serialize";
import type { SubmissionStatus } from "./status";

export interface SubmissionView {
  id: string;
  benchmark: { slug: string; version: string };
  status: SubmissionStatus;
  progress: { stage: SubmissionStatus; done: number; total: number };
  error: string | null;
  model: { name: string; provider: string; similarity: string; dims: number; dtype: string };
  /** The organisation it was submitted for (its members see it before publication); null: personal. */
  organisation: { slug: string; name: string } | null;
  metadata: unknown;
  isBaseline: boolean;
  createdAt: string;
  updatedAt: string;
  scoredAt: string | null;
  publishedAt: string | null;
  history: { status: SubmissionStatus; message: string | null; at: string }[];
  metrics: MetricTable | null;
  /** A maintainer's review (lib/review): verification mark, warning note, why it was rejected or hidden. */
  review: { verified: boolean; warningNote: string | null; reason: string | null };
  /** What produced the current results (benchmark, runner and ExecBoard versions, sandbox image); null until scored. */
  provenance: ProvenanceView | null;
  /** Every scoring run, oldest first, with its provenance and metrics (a re-score keeps the old run's). */
  evaluations: EvaluationView[];
  /** Why it failed, for its owner: in words, the log lines that matter, what to change; null unless failed. */
  failure: FailureExplanation | null;
}

// A submission as its owner (and its organisation's members), a maintainer, or (once published) anyone may see it. Others get
// NOT_FOUND, so the existence of an unpublished submission never leaks.
export async function getSubmission(id: string, viewer: Principal | null): Promise<SubmissionView> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(id)) throw new AppError("NOT_FOUND", `no submission ${id}`);
  const s = await db().submission.findUnique({
    where: { id },
    select: {
      id: true,
      userId: true,
      organisationId: true,
      organisation: { select: { slug: true, name: true } },
      status: true,
      progressDone: true,
      progressTotal: true,
      error: true,
      modelName: true,
      provider: true,
      similarity: true,
      dims: true,
      dtype: true,
      metadata: true,
      isBaseline: true,
      createdAt: true,
      updatedAt: true,
      scoredAt: true,
      publishedAt: true,
      verifiedAt: true,
      warningNote: true,
      reviewReason: true,
      currentEvaluationId: true,
      quotaRefundedAt: true,
      kind: true,
      version: { select: { version: true, benchmark: { select: { slug: true } } } },
      events: { select: { status: true, message: true, createdAt: true }, orderBy: { id: "asc" } },
      metrics: { select: { name: true, k: true, value: true, ciLow: true, ciHigh: true } },
    },
  });
  if (!s || !canSeeSubmission(viewer, s)) throw new AppError("NOT_FOUND", `no submission ${id}`);
  const evaluations = await listEvaluations(s);
  return {
    id: s.id,
    benchmark: { slug: s.version.benchmark.slug, version: s.version.version },
    status: s.status,
    progress: { stage: s.status, done: s.progressDone, total: s.progressTotal },
    error: s.error,
    model: { name: s.modelName, provider: s.provider, similarity: s.similarity, dims: s.dims, dtype: s.dtype },
    organisation: s.organisation,
    metadata: publicMetadata(s.metadata),
    isBaseline: s.isBaseline,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    scoredAt: s.scoredAt?.toISOString() ?? null,
    publishedAt: s.publishedAt?.toISOString() ?? null,
    history: s.events.map((e) => ({ status: e.status, message: e.message, at: e.createdAt.toISOString() })),
    metrics: toMetricTable(s.metrics),
    review: { verified: s.verifiedAt !== null, warningNote: s.warningNote, reason: s.reviewReason },
    provenance: evaluations.find((e) => e.current)?.provenance ?? null,
    evaluations,
    failure: s.status === "failed" ? await loadFailure(s) : null,
  };
}

// The last failed first-scoring or re-run attempt (re-scores of a published result never fail
// the submission itself) and what it recorded.
async function loadFailure(s: { id: string; error: string | null; quotaRefundedAt: Date | null; kind: string }): Promise<FailureExplanation> {
  const ev = await db().evaluation.findFirst({
    where: { submissionId: s.id, trigger: { not: "rescore" }, status: "failed" },
    orderBy: { seq: "desc" },
    select: { failedStage: true, errorDetails: true, log: true },
  });
  const details = ev?.errorDetails;
  return explainFailure({
    error: s.error,
    stage: ev?.failedStage ?? null,
    details: details !== null && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : null,
    log: ev?.log ?? "",
    refunded: s.quotaRefundedAt !== null,
    ranking: s.kind === "ranking",
  });
}
