import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getKind, primaryMetric } from "@/lib/kinds/registry";
import { countByStatus, valueOf, type RescoreBatchView, type RescoreItem } from "./rescore-view";

const EXEC1 = { name: "exec", k: 1 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Where a re-score batch stands: each submission's new run (pending, running, scored, failed
// with its stage and error) beside the results it replaces.
export async function getRescoreBatch(id: string): Promise<RescoreBatchView> {
  const batch = UUID.test(id)
    ? await db().rescoreBatch.findUnique({
        where: { id },
        select: {
          id: true,
          scope: true,
          reason: true,
          actorLabel: true,
          createdAt: true,
          benchmark: { select: { slug: true, kind: true } },
          evaluations: {
            orderBy: { createdAt: "asc" },
            select: {
              id: true,
              seq: true,
              status: true,
              failedStage: true,
              error: true,
              runnerVersion: true,
              benchmarkVersion: true,
              metrics: { select: { name: true, k: true, value: true } },
              submission: { select: { id: true, modelName: true, provider: true } },
            },
          },
        },
      })
    : null;
  if (!batch) throw new AppError("NOT_FOUND", `no re-score batch ${id}`);
  // The run each re-score replaced: the submission's latest scored evaluation before it.
  const previous = await db().evaluation.findMany({
    where: { submissionId: { in: batch.evaluations.map((e) => e.submission.id) }, status: "scored" },
    select: { id: true, seq: true, submissionId: true, runnerVersion: true, metrics: { select: { name: true, k: true, value: true } } },
    orderBy: { seq: "asc" },
  });
  const kind = getKind(batch.benchmark.kind);
  const headline = primaryMetric(kind);
  const items: RescoreItem[] = batch.evaluations.map((e) => {
    const before = previous.filter((p) => p.submissionId === e.submission.id && p.seq < e.seq).at(-1);
    return {
      submissionId: e.submission.id,
      model: e.submission.modelName,
      provider: e.submission.provider,
      benchmarkVersion: e.benchmarkVersion,
      evaluationId: e.id,
      status: e.status,
      failure: e.status === "failed" ? { stage: e.failedStage, error: e.error ?? "unknown" } : null,
      before: { evaluationId: before?.id ?? null, runnerVersion: before?.runnerVersion ?? null, headline: valueOf(before?.metrics, headline), exec1: valueOf(before?.metrics, EXEC1) },
      after: e.status === "scored" ? { runnerVersion: e.runnerVersion, headline: valueOf(e.metrics, headline), exec1: valueOf(e.metrics, EXEC1) } : null,
    };
  });
  const counts = countByStatus(items);
  return {
    id: batch.id,
    benchmark: batch.benchmark.slug,
    scope: batch.scope === "all-published" || batch.scope === "outdated-engine" ? batch.scope : "outdated",
    reason: batch.reason,
    requestedBy: batch.actorLabel,
    createdAt: batch.createdAt.toISOString(),
    runnerVersion: kind.runnerVersion,
    scoringEngine: kind.engine.version,
    headline,
    counts,
    done: counts.pending + counts.running === 0,
    items,
    skipped: [],
  };
}
